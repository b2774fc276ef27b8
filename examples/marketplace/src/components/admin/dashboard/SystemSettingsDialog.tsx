import { CircleCheck } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import {
  ANNOUNCEMENT_MAX,
  readSiteSettingsAsAdmin,
  type SiteSettings,
  saveSiteSettings,
  settingsProblem,
} from '../../../lib/admin/site-settings.ts'
import { useAdminRead } from '../../../lib/admin/use-admin-read.ts'
import { loadSupabase } from '../../../lib/auth/client.ts'
import { ListingsLoadError } from '../../listings/ListingsLoadError.tsx'
import { AdminDialog, DialogButtons, FormAlert } from '../AdminDialog.tsx'
import { TextArea, TextInput } from '../fields.tsx'

type Field = keyof SiteSettings

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
  const close = () => onOpenChange(false)
  return (
    <AdminDialog
      open={open}
      onClose={close}
      busy={saving}
      title="System Settings"
      description="What every visitor sees: the home page's announcement and the Contact page's support e-mail."
    >
      <SettingsLoader saving={saving} onSaving={setSaving} onClose={close} />
    </AdminDialog>
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

  return (
    <form noValidate onSubmit={submit} aria-busy={saving} className="mt-5 space-y-4">
      <TextArea
        ref={refs.announcement}
        label="Announcement"
        count={{ text: draft.announcement, max: ANNOUNCEMENT_MAX }}
        hint="Shown to every visitor of the home page. Leave it empty to show none."
        error={errors.announcement}
        rows={3}
        value={draft.announcement}
        readOnly={saving}
        // One line: a line break typed or pasted becomes a space.
        onChange={(event) => set('announcement')(event.target.value.replace(/\r\n|\r|\n/g, ' '))}
      />
      <TextInput
        ref={refs.supportEmail}
        label="Support e-mail"
        hint="Shown on the Contact page."
        error={errors.supportEmail}
        type="email"
        autoComplete="off"
        value={draft.supportEmail}
        readOnly={saving}
        onChange={(event) => set('supportEmail')(event.target.value)}
      />
      {refusal && <FormAlert>{refusal}</FormAlert>}
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
      <DialogButtons
        busy={saving}
        submitLabel="Save"
        busyLabel="Saving..."
        cancelLabel={outcome ? 'Close' : 'Cancel'}
        onCancel={onClose}
      />
    </form>
  )
}
