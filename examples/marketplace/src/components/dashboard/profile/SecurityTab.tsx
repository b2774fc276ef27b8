import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAuth } from '../../../lib/auth/context.ts'
import { PROFILE_MESSAGES, Profile } from '../../../lib/dashboard/profile.ts'
import { ConfirmDialog } from '../ConfirmDialog.tsx'
import { Outcome, Switch, TextField } from './fields.tsx'

/**
 * Security (spec section 2): Change Password (current, new, confirm; checked against the current one
 * and changed on the auth server, beyond the spec's inert button), the two-factor switch with its
 * setup button disabled, and Delete Account (confirmed; the database removes the account).
 */
export function SecurityTab() {
  const { getClient, signOut } = useAuth()
  const navigate = useNavigate()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [twoFactor, setTwoFactor] = useState(false)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [deleting, setDeleting] = useState(false)

  const change = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      await new Profile(await getClient()).changePassword({ current, next, confirm })
      setOutcome({ ok: true, text: PROFILE_MESSAGES.passwordChanged })
      setCurrent('')
      setNext('')
      setConfirm('')
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-8">
      <form onSubmit={change} noValidate aria-label="Change Password" className="space-y-4">
        <h3 className="font-semibold text-gray-900">Change Password</h3>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <TextField
            label="Current Password"
            value={current}
            onChange={setCurrent}
            type="password"
            autoComplete="current-password"
          />
          <TextField
            label="New Password"
            value={next}
            onChange={setNext}
            type="password"
            autoComplete="new-password"
          />
          <TextField
            label="Confirm New Password"
            value={confirm}
            onChange={setConfirm}
            type="password"
            autoComplete="new-password"
          />
        </div>
        <Outcome outcome={outcome} />
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:opacity-60"
        >
          {busy ? 'Updating...' : 'Update Password'}
        </button>
      </form>
      <div className="border-t border-gray-200 pt-6">
        <h3 className="font-semibold text-gray-900">Two-Factor Authentication</h3>
        <Switch
          label="Require a code at sign-in"
          checked={twoFactor}
          onChange={setTwoFactor}
          hint="Setup is not available yet."
        />
        <button
          type="button"
          disabled
          className="mt-2 rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-500"
        >
          Set Up Two-Factor Authentication
        </button>
      </div>
      <div className="border-t border-gray-200 pt-6">
        <h3 className="font-semibold text-red-700">Delete Account</h3>
        <p className="mt-1 text-sm text-gray-600">
          Your account, your listings and your payment records are removed for good.
        </p>
        <button
          type="button"
          onClick={() => setDeleting(true)}
          className="mt-3 rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700"
        >
          Delete Account
        </button>
      </div>
      <ConfirmDialog
        open={deleting}
        title="Delete your account?"
        description="This cannot be undone. You will be signed out."
        confirmLabel="Delete Account"
        busyLabel="Deleting..."
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          await new Profile(await getClient()).deleteAccount()
          await signOut()
          navigate('/')
        }}
      />
    </div>
  )
}
