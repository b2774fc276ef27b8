import * as Dialog from '@radix-ui/react-dialog'
import { CircleCheck } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import {
  ANNOUNCEMENT_MAX,
  readSiteSettingsAsAdmin,
  type SiteSettings,
  saveSiteSettings,
  settingsProblem,
} from '../../../lib/admin/site-settings.ts'
import { useAdminRead } from '../../../lib/admin/use-admin-read.ts'
import { loadSupabase } from '../../../lib/auth/client.ts'
import { useReturnFocus } from '../../../lib/return-focus.ts'
import { ListingsLoadError } from '../../listings/ListingsLoadError.tsx'
import { CharacterCount } from './CharacterCount.tsx'

type Field = keyof SiteSettings

const INPUT =
  'mt-1 block w-full rounded-md border px-3 py-2 text-sm text-gray-900 focus:ring-2 focus:outline-none'
const INPUT_OK = `${INPUT} border-gray-300 focus:border-blue-500 focus:ring-blue-500/30`
const INPUT_BAD = `${INPUT} border-red-500 focus:border-red-500 focus:ring-red-500/30`

/** Which field a message of the database is about (null: the whole form). */
const fieldOf = (message: string): Field | null =>
  message.startsWith('An announcement')
    ? 'announcement'
    : message.includes('support e-mail')
      ? 'supportEmail'
      : null

interface SystemSettingsDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * The Dashboard's System Settings: the home page's announcement and the Contact page's support e-mail
 * (public.site_settings, saved by admin_save_settings). It reads them afresh each time it opens; a value
 * the database refuses is shown on its field, what was typed kept. It cannot be closed while saving.
 */
export function SystemSettingsDialog({ open, onOpenChange }: SystemSettingsDialogProps) {
  const [saving, setSaving] = useState(false)
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !(saving && !next) && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">System Settings</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">
            What every visitor sees: the home page's announcement and the Contact page's support e-mail.
          </Dialog.Description>
          <SettingsLoader saving={saving} onSaving={setSaving} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

interface SettingsLoaderProps {
  saving: boolean
  onSaving: (saving: boolean) => void
  onClose: () => void
}

/** Mounted while the dialog is open: reads the settings, then shows the form with them. */
function SettingsLoader({ saving, onSaving, onClose }: SettingsLoaderProps) {
  const { state, reload } = useAdminRead('site-settings', readSiteSettingsAsAdmin)
  if (state.status === 'error') {
    return (
      <div className="mt-5">
        <ListingsLoadError
          title="The settings could not be loaded"
          message={state.message}
          onRetry={reload}
        />
      </div>
    )
  }
  if (state.status === 'loading') {
    return (
      <p role="status" className="mt-5 text-sm text-gray-600">
        Loading the settings...
      </p>
    )
  }
  return <SettingsForm saved={state.shown} saving={saving} onSaving={onSaving} onClose={onClose} />
}

interface SettingsFormProps extends SettingsLoaderProps {
  saved: SiteSettings
}

function SettingsForm({ saved, saving, onSaving, onClose }: SettingsFormProps) {
  const [draft, setDraft] = useState<SiteSettings>(saved)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<'saved' | 'unchanged' | null>(null)
  const refs = {
    announcement: useRef<HTMLTextAreaElement>(null),
    supportEmail: useRef<HTMLInputElement>(null),
  }
  const id = useId()
  // An edit clears what was said about the form: that field's error, the last save's outcome.
  const set = (key: Field) => (value: string) => {
    setOutcome(null)
    setErrors((current) => ({ ...current, [key]: undefined }))
    setDraft((current) => ({ ...current, [key]: value }))
  }
  const showProblem = (field: Field, message: string) => {
    setErrors({ [field]: message })
    refs[field].current?.focus()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    setRefusal(null)
    setOutcome(null)
    setErrors({})
    const problem = settingsProblem(draft)
    if (problem) return showProblem(problem.field, problem.message)
    onSaving(true)
    try {
      const answer = await saveSiteSettings(await loadSupabase(), draft)
      setDraft(answer.settings)
      setOutcome(answer.changed ? 'saved' : 'unchanged')
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const field = fieldOf(message)
      if (field) showProblem(field, message)
      else setRefusal(message)
    } finally {
      onSaving(false)
    }
  }

  const describedBy = (field: Field, ...more: string[]) =>
    [errors[field] ? `${id}-${field}-error` : '', ...more].join(' ').trim()
  return (
    <form noValidate onSubmit={submit} aria-busy={saving} className="mt-5 space-y-4">
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={`${id}-announcement`} className="text-sm font-medium text-gray-700">
            Announcement
          </label>
          <CharacterCount id={`${id}-announcement-count`} text={draft.announcement} max={ANNOUNCEMENT_MAX} />
        </div>
        <textarea
          ref={refs.announcement}
          id={`${id}-announcement`}
          rows={3}
          value={draft.announcement}
          readOnly={saving}
          aria-invalid={errors.announcement ? true : undefined}
          aria-describedby={describedBy(
            'announcement',
            `${id}-announcement-hint`,
            `${id}-announcement-count`,
          )}
          // One line: a line break typed or pasted becomes a space.
          onChange={(event) => set('announcement')(event.target.value.replace(/\r\n|\r|\n/g, ' '))}
          className={`${errors.announcement ? INPUT_BAD : INPUT_OK} resize-y`}
        />
        <p id={`${id}-announcement-hint`} className="mt-1 text-sm text-gray-500">
          Shown to every visitor of the home page. Leave it empty to show none.
        </p>
        {errors.announcement && (
          <p id={`${id}-announcement-error`} className="mt-1 text-sm text-red-600">
            {errors.announcement}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-support-email`} className="block text-sm font-medium text-gray-700">
          Support e-mail
        </label>
        <input
          ref={refs.supportEmail}
          id={`${id}-support-email`}
          type="email"
          autoComplete="off"
          value={draft.supportEmail}
          readOnly={saving}
          aria-invalid={errors.supportEmail ? true : undefined}
          aria-describedby={describedBy('supportEmail', `${id}-support-email-hint`)}
          onChange={(event) => set('supportEmail')(event.target.value)}
          className={errors.supportEmail ? INPUT_BAD : INPUT_OK}
        />
        <p id={`${id}-support-email-hint`} className="mt-1 text-sm text-gray-500">
          Shown on the Contact page.
        </p>
        {errors.supportEmail && (
          <p id={`${id}-supportEmail-error`} className="mt-1 text-sm text-red-600">
            {errors.supportEmail}
          </p>
        )}
      </div>
      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {refusal}
        </p>
      )}
      <div role="status">
        {outcome && (
          <p className="flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
            <CircleCheck className="h-4 w-4 shrink-0 text-green-600" aria-hidden="true" />
            {outcome === 'saved'
              ? 'Settings saved. Visitors see them on their next page.'
              : 'Nothing changed: the settings are as they were.'}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-3 pt-2">
        <button
          type="button"
          onClick={onClose}
          disabled={saving}
          className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
        >
          {outcome ? 'Close' : 'Cancel'}
        </button>
        {/* Not disabled while saving (it would drop the focus): a second press is ignored instead. */}
        <button
          type="submit"
          aria-disabled={saving}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 aria-disabled:opacity-60"
        >
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  )
}
