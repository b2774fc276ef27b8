import { CircleCheck, ExternalLink } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import {
  localInboxUrl,
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  mailProblem,
  NEWSLETTER_AUDIENCES,
  type NewsletterAudience,
  sendNewsletter,
} from '../../../lib/admin/mail.ts'
import { loadSupabase } from '../../../lib/auth/client.ts'
import { AdminDialog, DialogButtons, FormAlert } from '../AdminDialog.tsx'
import { Select, TextArea, TextInput } from '../fields.tsx'

interface Draft {
  audience: NewsletterAudience
  subject: string
  body: string
}

const EMPTY_DRAFT: Draft = { audience: 'all', subject: '', body: '' }

type Field = 'subject' | 'body'

const audienceLabel = (id: NewsletterAudience) =>
  NEWSLETTER_AUDIENCES.find((audience) => audience.id === id)?.label ?? id

const accounts = (count: number) => `${count.toLocaleString('en-IN')} ${count === 1 ? 'account' : 'accounts'}`

/** The subject's and the message's problems, each on its field (mailProblem checks one pair at a time). */
function draftProblems(draft: Draft): Partial<Record<Field, string>> {
  return {
    subject: mailProblem({ subject: draft.subject, body: '-' }) ?? undefined,
    body: mailProblem({ subject: '-', body: draft.body }) ?? undefined,
  }
}

interface NewsletterDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The Dashboard's Send Newsletter: an audience, a subject and a message, mailed to each active account
 * of the audience (admin_send_newsletter). Afterwards it says how many accounts it went to, and where to
 * read the mails on the local backend (its /inbox). The draft outlives a closed dialog until it is sent,
 * and nothing is lost to a refusal. It cannot be closed while sending.
 */
export function NewsletterDialog({ open, onOpenChange }: NewsletterDialogProps) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState<{ recipients: number; audience: NewsletterAudience } | null>(null)

  const close = () => {
    if (sending) return
    setSent(null)
    onOpenChange(false)
  }

  return (
    <AdminDialog
      open={open}
      onClose={close}
      busy={sending}
      title="Send Newsletter"
      description="One e-mail to each active account of the audience. Suspended and pending accounts get none."
    >
      {sent ? (
        <SentNote
          recipients={sent.recipients}
          audience={sent.audience}
          onAnother={() => setSent(null)}
          onClose={close}
        />
      ) : (
        <NewsletterForm
          draft={draft}
          onDraft={setDraft}
          sending={sending}
          onSending={setSending}
          onSent={(recipients) => {
            setSent({ recipients, audience: draft.audience })
            setDraft(EMPTY_DRAFT)
          }}
          onCancel={close}
        />
      )}
    </AdminDialog>
  )
}

interface NewsletterFormProps {
  draft: Draft
  onDraft: (update: (draft: Draft) => Draft) => void
  sending: boolean
  onSending: (sending: boolean) => void
  /** A newsletter went to `recipients` (more than 0) accounts. */
  onSent: (recipients: number) => void
  onCancel: () => void
}

function NewsletterForm({ draft, onDraft, sending, onSending, onSent, onCancel }: NewsletterFormProps) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  // Nobody in the audience: nothing was sent; the draft stays for another audience.
  const [nobody, setNobody] = useState<NewsletterAudience | null>(null)
  const subjectRef = useRef<HTMLInputElement>(null)
  const bodyRef = useRef<HTMLTextAreaElement>(null)
  // An edit clears what was said about the draft: that field's error, the empty audience's note.
  const set = (key: keyof Draft) => (value: string) => {
    setNobody(null)
    setErrors((current) => ({ ...current, [key]: undefined }))
    onDraft((current) => ({ ...current, [key]: value }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    setRefusal(null)
    setNobody(null)
    const found = draftProblems(draft)
    setErrors(found)
    if (found.subject) return subjectRef.current?.focus()
    if (found.body) return bodyRef.current?.focus()
    onSending(true)
    try {
      const { recipients } = await sendNewsletter(await loadSupabase(), draft)
      if (recipients === 0) setNobody(draft.audience)
      else onSent(recipients)
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error))
    } finally {
      onSending(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} className="mt-5 space-y-4">
      <Select
        label="Send to"
        value={draft.audience}
        disabled={sending}
        onChange={(event) => set('audience')(event.target.value)}
      >
        {NEWSLETTER_AUDIENCES.map((audience) => (
          <option key={audience.id} value={audience.id}>
            {audience.label}
          </option>
        ))}
      </Select>
      <TextInput
        ref={subjectRef}
        label="Subject"
        count={{ text: draft.subject, max: MAIL_SUBJECT_MAX }}
        error={errors.subject}
        value={draft.subject}
        readOnly={sending}
        onChange={(event) => set('subject')(event.target.value)}
      />
      <TextArea
        ref={bodyRef}
        label="Message"
        count={{ text: draft.body, max: MAIL_BODY_MAX }}
        error={errors.body}
        rows={8}
        value={draft.body}
        readOnly={sending}
        onChange={(event) => set('body')(event.target.value)}
      />
      {nobody && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          No active account is in {audienceLabel(nobody)}: nothing was sent. Choose another audience.
        </p>
      )}
      {refusal && <FormAlert>{refusal}</FormAlert>}
      <DialogButtons busy={sending} submitLabel="Send" busyLabel="Sending..." onCancel={onCancel} />
    </form>
  )
}

interface SentNoteProps {
  recipients: number
  audience: NewsletterAudience
  onAnother: () => void
  onClose: () => void
}

/** After sending: how many accounts it went to, and where the mails are. Focus moves to its heading. */
function SentNote({ recipients, audience, onAnother, onClose }: SentNoteProps) {
  const heading = useRef<HTMLParagraphElement>(null)
  const inbox = localInboxUrl()
  useEffect(() => heading.current?.focus(), [])
  return (
    <div className="mt-5 space-y-4">
      <div role="status" className="flex gap-3 rounded-md bg-green-50 px-4 py-3 text-sm text-green-900">
        <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-hidden="true" />
        <div>
          <p ref={heading} tabIndex={-1} className="font-medium focus:outline-none">
            Newsletter sent to {accounts(recipients)}
          </p>
          <p className="mt-0.5">{audienceLabel(audience)}, one e-mail each.</p>
        </div>
      </div>
      {inbox ? (
        <p className="text-sm text-gray-700">
          On the local backend nothing leaves this machine: the mails are in the{' '}
          <a
            href={inbox}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-blue-700 underline hover:text-blue-800"
          >
            local inbox
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          .
        </p>
      ) : (
        <p className="text-sm text-gray-700">
          The mails are queued in the project's outbound_mails table, for its mail service to send.
        </p>
      )}
      <div className="flex justify-end gap-3 pt-2">
        <button
          type="button"
          onClick={onAnother}
          className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
        >
          Write another
        </button>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
        >
          Close
        </button>
      </div>
    </div>
  )
}
