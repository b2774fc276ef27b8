import * as Dialog from '@radix-ui/react-dialog'
import { type FormEvent, type Ref, useId, useState } from 'react'
import {
  type AdminUser,
  SaveUserError,
  USER_ROLES,
  USER_STATUSES,
  type UserDraft,
  userDraftProblems,
} from '../../../lib/admin/admin-users.ts'
import type { FieldErrors } from '../../../lib/auth/validation.ts'
import { useReturnFocus } from '../../../lib/return-focus.ts'
import { useFieldErrors } from '../../auth/use-field-errors.ts'

/** Which form is open: Add New User, or Edit User for one account. */
export type UserFormTarget = { mode: 'add' } | { mode: 'edit'; user: AdminUser }

type TextField = 'name' | 'email' | 'phone'
const FIELD_ORDER: readonly TextField[] = ['name', 'email', 'phone']

const INPUT =
  'mt-1 block w-full rounded-md border px-3 py-2 text-sm text-gray-900 focus:ring-2 focus:outline-none disabled:bg-gray-100 disabled:text-gray-500'
const INPUT_OK = `${INPUT} border-gray-300 focus:border-blue-500 focus:ring-blue-500/30`
const INPUT_BAD = `${INPUT} border-red-500 focus:border-red-500 focus:ring-red-500/30`

interface TextInputProps {
  label: string
  type: 'text' | 'email' | 'tel'
  autoComplete: string
  value: string
  error: string | undefined
  /** While saving: still focusable, so a refused field can take focus. */
  readOnly: boolean
  hint?: string
  onChange: (value: string) => void
  ref: Ref<HTMLInputElement>
}

/** A labelled input whose message (or hint) is announced with it. */
function TextInput({
  label,
  type,
  autoComplete,
  value,
  error,
  readOnly,
  hint,
  onChange,
  ref,
}: TextInputProps) {
  const id = useId()
  const noteId = `${id}-note`
  const note = error ?? hint
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type={type}
        autoComplete={autoComplete}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={error ? INPUT_BAD : INPUT_OK}
      />
      {note && (
        <p id={noteId} className={`mt-1 text-sm ${error ? 'text-red-600' : 'text-gray-500'}`}>
          {note}
        </p>
      )}
    </div>
  )
}

interface UserFormDialogProps {
  target: UserFormTarget | null
  /** The signed-in admin's id: on their own account the role and status stay as they are. */
  selfId: string | null
  /** Saves the draft; a SaveUserError is shown on its field (or above the buttons), the form kept. */
  onSave: (target: UserFormTarget, draft: UserDraft) => Promise<void>
  onClose: () => void
}

/**
 * Add New User and Edit User (admin_save_user): name, e-mail, phone, role and status. The draft is
 * checked before it is sent; whatever the database refuses (an address in use) is shown where it
 * belongs and nothing typed is lost. It cannot be closed while saving.
 */
export function UserFormDialog({ target, selfId, onSave, onClose }: UserFormDialogProps) {
  const [saving, setSaving] = useState(false)
  const returnFocus = useReturnFocus(target !== null)
  const title = target?.mode === 'edit' ? 'Edit User' : 'Add New User'
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">
            {target?.mode === 'edit'
              ? `The account of ${target.user.email}.`
              : 'The account has no password yet: its owner is mailed a link to set one.'}
          </Dialog.Description>
          {target && (
            <UserForm
              key={target.mode === 'edit' ? target.user.id : 'new'}
              target={target}
              isSelf={target.mode === 'edit' && target.user.id === selfId}
              saving={saving}
              onSaving={setSaving}
              onSave={onSave}
              onCancel={onClose}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

interface UserFormProps {
  target: UserFormTarget
  isSelf: boolean
  saving: boolean
  onSaving: (saving: boolean) => void
  onSave: UserFormDialogProps['onSave']
  onCancel: () => void
}

/** The form itself, made afresh each time the dialog opens (keyed by the account). */
function UserForm({ target, isSelf, saving, onSaving, onSave, onCancel }: UserFormProps) {
  const editing = target.mode === 'edit' ? target.user : null
  const [draft, setDraft] = useState<UserDraft>({
    name: editing?.name ?? '',
    email: editing?.email ?? '',
    phone: editing?.phone ?? '',
    role: editing?.role ?? 'customer',
    status: editing?.status ?? 'active',
  })
  const { errors, fieldRef, check } = useFieldErrors(FIELD_ORDER)
  const selfHintId = useId()
  const [refusal, setRefusal] = useState<string | null>(null)
  const set =
    <Key extends keyof UserDraft>(key: Key) =>
    (value: UserDraft[Key]) =>
      setDraft((current) => ({ ...current, [key]: value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    setRefusal(null)
    if (!check(userDraftProblems(draft))) return
    onSaving(true)
    try {
      await onSave(target, draft)
    } catch (error) {
      if (error instanceof SaveUserError && error.field) {
        check({ [error.field]: error.message } as FieldErrors<TextField>)
      } else {
        setRefusal(error instanceof Error ? error.message : String(error))
      }
    } finally {
      onSaving(false)
    }
  }

  const selfHint = isSelf ? 'Your own role and status are changed by another admin.' : undefined
  return (
    <form noValidate onSubmit={submit} aria-busy={saving} className="mt-5 space-y-4">
      <TextInput
        ref={fieldRef('name')}
        label="Full Name"
        type="text"
        autoComplete="off"
        value={draft.name}
        error={errors.name}
        readOnly={saving}
        onChange={set('name')}
      />
      <TextInput
        ref={fieldRef('email')}
        label="Email"
        type="email"
        autoComplete="off"
        value={draft.email}
        error={errors.email}
        readOnly={saving}
        onChange={set('email')}
      />
      <TextInput
        ref={fieldRef('phone')}
        label="Phone Number"
        type="tel"
        autoComplete="off"
        value={draft.phone}
        error={errors.phone}
        readOnly={saving}
        hint="Optional"
        onChange={set('phone')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-gray-700">
          Role
          <select
            value={draft.role}
            disabled={saving || isSelf}
            aria-describedby={isSelf ? selfHintId : undefined}
            onChange={(event) => set('role')(event.target.value as UserDraft['role'])}
            className={INPUT_OK}
          >
            {USER_ROLES.map((role) => (
              <option key={role.id} value={role.id}>
                {role.label}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-gray-700">
          Status
          <select
            value={draft.status}
            disabled={saving || isSelf}
            aria-describedby={isSelf ? selfHintId : undefined}
            onChange={(event) => set('status')(event.target.value as UserDraft['status'])}
            className={INPUT_OK}
          >
            {USER_STATUSES.map((status) => (
              <option key={status.id} value={status.id}>
                {status.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {selfHint && (
        <p id={selfHintId} className="text-sm text-gray-500">
          {selfHint}
        </p>
      )}
      {draft.status === 'suspended' && !isSelf && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          A suspended account's sessions end and it cannot sign in until it is activated.
        </p>
      )}
      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {refusal}
        </p>
      )}
      <div className="flex justify-end gap-3 pt-2">
        <button
          type="button"
          onClick={onCancel}
          disabled={saving}
          className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 disabled:opacity-50"
        >
          Cancel
        </button>
        {/* Not disabled while saving (it would drop the focus): a second press is ignored instead. */}
        <button
          type="submit"
          aria-disabled={saving}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 aria-disabled:opacity-60"
        >
          {saving ? 'Saving...' : target.mode === 'edit' ? 'Save Changes' : 'Add User'}
        </button>
      </div>
    </form>
  )
}
