import * as Dialog from '@radix-ui/react-dialog'
import { type FormEvent, useId, useRef, useState } from 'react'
import { type AdminUser, messageProblems } from '../../../lib/admin/admin-users.ts'
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX } from '../../../lib/admin/mail.ts'
import type { FieldErrors } from '../../../lib/auth/validation.ts'
import { useReturnFocus } from '../../../lib/return-focus.ts'

type Field = 'subject' | 'body'

const INPUT =
  'mt-1 block w-full rounded-md border px-3 py-2 text-sm text-gray-900 focus:ring-2 focus:outline-none'
const INPUT_OK = `${INPUT} border-gray-300 focus:border-blue-500 focus:ring-blue-500/30`
const INPUT_BAD = `${INPUT} border-red-500 focus:border-red-500 focus:ring-red-500/30`

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
  const returnFocus = useReturnFocus(user !== null)
  return (
    <Dialog.Root open={user !== null} onOpenChange={(open) => !open && !sending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">Send Message</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm break-words text-gray-600">
            To {user?.name || user?.email} &lt;{user?.email}&gt;, by e-mail.
          </Dialog.Description>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

interface MessageFormProps {
  user: AdminUser
  sending: boolean
  onSending: (sending: boolean) => void
  onSend: SendMessageDialogProps['onSend']
  onCancel: () => void
}

/** A count of characters against a limit (after trimming, as the database counts), red when over. */
function Counter({ id, text, max }: { id: string; text: string; max: number }) {
  const used = text.trim().length
  return (
    <span id={id} className={`text-xs tabular-nums ${used > max ? 'text-red-600' : 'text-gray-500'}`}>
      {used} / {max} characters
    </span>
  )
}

function MessageForm({ user, sending, onSending, onSend, onCancel }: MessageFormProps) {
  const [subject, setSubject] = useState('')
  const [body, setBody] = useState('')
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const subjectRef = useRef<HTMLInputElement>(null)
  const bodyRef = useRef<HTMLTextAreaElement>(null)
  const id = useId()

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

  const describedBy = (field: Field) =>
    [errors[field] ? `${id}-${field}-error` : '', `${id}-${field}-count`].join(' ').trim()
  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="mt-5 space-y-4">
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-subject`} className="text-sm font-medium text-gray-700">
            Subject
          </label>
          <Counter id={`${id}-subject-count`} text={subject} max={MAIL_SUBJECT_MAX} />
        </div>
        <input
          ref={subjectRef}
          id={`${id}-subject`}
          value={subject}
          readOnly={sending}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describedBy('subject')}
          onChange={(event) => setSubject(event.target.value)}
          className={errors.subject ? INPUT_BAD : INPUT_OK}
        />
        {errors.subject && (
          <p id={`${id}-subject-error`} className="mt-1 text-sm text-red-600">
            {errors.subject}
          </p>
        )}
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-body`} className="text-sm font-medium text-gray-700">
            Message
          </label>
          <Counter id={`${id}-body-count`} text={body} max={MAIL_BODY_MAX} />
        </div>
        <textarea
          ref={bodyRef}
          id={`${id}-body`}
          rows={8}
          value={body}
          readOnly={sending}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy('body')}
          onChange={(event) => setBody(event.target.value)}
          className={`${errors.body ? INPUT_BAD : INPUT_OK} resize-y`}
        />
        {errors.body && (
          <p id={`${id}-body-error`} className="mt-1 text-sm text-red-600">
            {errors.body}
          </p>
        )}
      </div>
      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {refusal}
        </p>
      )}
      <div className="flex justify-end gap-3 pt-2">
        <button
          type="button"
          onClick={onCancel}
          disabled={sending}
          className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
        >
          Cancel
        </button>
        {/* Not disabled while sending (it would drop the focus): a second press is ignored instead. */}
        <button
          type="submit"
          aria-disabled={sending}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 aria-disabled:opacity-60"
        >
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  )
}
