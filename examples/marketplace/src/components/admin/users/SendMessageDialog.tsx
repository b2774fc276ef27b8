import { type FormEvent, useRef, useState } from 'react'
import { type AdminUser, messageProblems } from '../../../lib/admin/admin-users.ts'
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX } from '../../../lib/admin/mail.ts'
import type { FieldErrors } from '../../../lib/auth/validation.ts'
import { AdminDialog, DialogButtons, FormAlert } from '../AdminDialog.tsx'
import { TextArea, TextInput } from '../fields.tsx'

type Field = 'subject' | 'body'

interface SendMessageDialogProps {
  user: AdminUser | null
  /** Sends it (mail.ts sendMessage); a throw is shown in the dialog, which keeps what was written. */
  onSend: (user: AdminUser, mail: { subject: string; body: string }) => Promise<void>
  onClose: () => void
}

/**
 * Send Message: a subject and a message to one account, counted against the mail limits as they are
 * typed (nothing typed is cut off: a text over its limit is refused with a message). It cannot be
 * closed while sending.
 */
export function SendMessageDialog({ user, onSend, onClose }: SendMessageDialogProps) {
  const [sending, setSending] = useState(false)
  return (
    <AdminDialog
      open={user !== null}
      onClose={onClose}
      busy={sending}
      title="Send Message"
      description={
        <>
          To {user?.name || user?.email} &lt;{user?.email}&gt;, by e-mail.
        </>
      }
    >
      {user && (
        <MessageForm
          key={user.id}
          user={user}
          sending={sending}
          onSending={setSending}
          onSend={onSend}
          onCancel={onClose}
        />
      )}
    </AdminDialog>
  )
}

interface MessageFormProps {
  user: AdminUser
  sending: boolean
  onSending: (sending: boolean) => void
  onSend: SendMessageDialogProps['onSend']
  onCancel: () => void
}

function MessageForm({ user, sending, onSending, onSend, onCancel }: MessageFormProps) {
  const [subject, setSubject] = useState('')
  const [body, setBody] = useState('')
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const subjectRef = useRef<HTMLInputElement>(null)
  const bodyRef = useRef<HTMLTextAreaElement>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    setRefusal(null)
    const found = messageProblems({ subject, body })
    setErrors(found)
    if (found.subject) return subjectRef.current?.focus()
    if (found.body) return bodyRef.current?.focus()
    onSending(true)
    try {
      await onSend(user, { subject, body })
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error))
    } finally {
      onSending(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="mt-5 space-y-4">
      <TextInput
        ref={subjectRef}
        label="Subject"
        count={{ text: subject, max: MAIL_SUBJECT_MAX }}
        error={errors.subject}
        value={subject}
        readOnly={sending}
        onChange={(event) => setSubject(event.target.value)}
      />
      <TextArea
        ref={bodyRef}
        label="Message"
        count={{ text: body, max: MAIL_BODY_MAX }}
        error={errors.body}
        rows={8}
        value={body}
        readOnly={sending}
        onChange={(event) => setBody(event.target.value)}
      />
      {refusal && <FormAlert>{refusal}</FormAlert>}
      <DialogButtons busy={sending} submitLabel="Send Message" busyLabel="Sending..." onCancel={onCancel} />
    </form>
  )
}
