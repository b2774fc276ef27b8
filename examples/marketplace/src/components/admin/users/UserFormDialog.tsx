import { type FormEvent, useId, useState } from 'react'
import {
  type AdminUser,
  SaveUserError,
  USER_ROLES,
  USER_STATUSES,
  type UserDraft,
  userDraftProblems,
} from '../../../lib/admin/admin-users.ts'
import type { FieldErrors } from '../../../lib/auth/validation.ts'
import { useFieldErrors } from '../../auth/use-field-errors.ts'
import { AdminDialog, DialogButtons, FormAlert } from '../AdminDialog.tsx'
import { Select, TextInput } from '../fields.tsx'

/** Which form is open: Add New User, or Edit User for one account. */
export type UserFormTarget = { mode: 'add' } | { mode: 'edit'; user: AdminUser }

type TextField = 'name' | 'email' | 'phone'
const FIELD_ORDER: readonly TextField[] = ['name', 'email', 'phone']

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
  return (
    <AdminDialog
      open={target !== null}
      onClose={onClose}
      busy={saving}
      title={target?.mode === 'edit' ? 'Edit User' : 'Add New User'}
      description={
        target?.mode === 'edit'
          ? `The account of ${target.user.email}.`
          : 'The account has no password yet: its owner is mailed a link to set one.'
      }
    >
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
    </AdminDialog>
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

  return (
    <form noValidate onSubmit={submit} aria-busy={saving} className="mt-5 space-y-4">
      <TextInput
        ref={fieldRef('name')}
        label="Full Name"
        error={errors.name}
        type="text"
        autoComplete="off"
        value={draft.name}
        readOnly={saving}
        onChange={(event) => set('name')(event.target.value)}
      />
      <TextInput
        ref={fieldRef('email')}
        label="Email"
        error={errors.email}
        type="email"
        autoComplete="off"
        value={draft.email}
        readOnly={saving}
        onChange={(event) => set('email')(event.target.value)}
      />
      <TextInput
        ref={fieldRef('phone')}
        label="Phone Number"
        // The hint gives way to a problem.
        hint={errors.phone ? undefined : 'Optional'}
        error={errors.phone}
        type="tel"
        autoComplete="off"
        value={draft.phone}
        readOnly={saving}
        onChange={(event) => set('phone')(event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Role"
          value={draft.role}
          disabled={saving || isSelf}
          sharedNote={isSelf ? selfHintId : undefined}
          onChange={(event) => set('role')(event.target.value as UserDraft['role'])}
        >
          {USER_ROLES.map((role) => (
            <option key={role.id} value={role.id}>
              {role.label}
            </option>
          ))}
        </Select>
        <Select
          label="Status"
          value={draft.status}
          disabled={saving || isSelf}
          sharedNote={isSelf ? selfHintId : undefined}
          onChange={(event) => set('status')(event.target.value as UserDraft['status'])}
        >
          {USER_STATUSES.map((status) => (
            <option key={status.id} value={status.id}>
              {status.label}
            </option>
          ))}
        </Select>
      </div>
      {isSelf && (
        <p id={selfHintId} className="text-sm text-gray-500">
          Your own role and status are changed by another admin.
        </p>
      )}
      {draft.status === 'suspended' && !isSelf && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          A suspended account's sessions end and it cannot sign in until it is activated.
        </p>
      )}
      {refusal && <FormAlert>{refusal}</FormAlert>}
      <DialogButtons
        busy={saving}
        submitLabel={target.mode === 'edit' ? 'Save Changes' : 'Add User'}
        busyLabel="Saving..."
        onCancel={onCancel}
      />
    </form>
  )
}
