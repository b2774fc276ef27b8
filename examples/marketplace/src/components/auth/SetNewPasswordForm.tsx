import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useAuthActions } from '../../lib/auth/use-auth-actions.ts'
import { validateNewPassword } from '../../lib/auth/validation.ts'
import { AuthAlert } from './AuthAlert.tsx'
import { AuthField } from './AuthField.tsx'
import { useFieldErrors } from './use-field-errors.ts'
import { useFormAlert } from './use-form-alert.ts'

interface SetNewPasswordFormProps {
  /** The password is saved: go on to the user's dashboard. */
  onDone: () => void
}

const FIELD_ORDER = ['password', 'confirmPassword'] as const
const DONE_DELAY_MS = 2000

/** The last step of a password recovery link: the signed-in (recovery) user chooses a new password. */
export function SetNewPasswordForm({ onDone }: SetNewPasswordFormProps) {
  const { updatePassword } = useAuthActions()
  const { errors, fieldRef, check } = useFieldErrors(FIELD_ORDER)
  const { alert, setAlert, alertRef } = useFormAlert()
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle')
  const doneTimer = useRef<number | undefined>(undefined)

  useEffect(() => {
    fieldRef('password').current?.focus()
    return () => window.clearTimeout(doneTimer.current)
  }, [fieldRef])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const values = {
      password: String(form.get('password') ?? ''),
      confirmPassword: String(form.get('confirmPassword') ?? ''),
    }
    if (!check(validateNewPassword(values))) return
    setState('busy')
    setAlert(null)
    const result = await updatePassword(values.password)
    setAlert({ tone: result.ok ? 'success' : 'error', text: result.message ?? '' })
    setState(result.ok ? 'done' : 'idle')
    if (result.ok) doneTimer.current = window.setTimeout(onDone, DONE_DELAY_MS)
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Set a new password" className="space-y-4">
      {alert && (
        <AuthAlert ref={alertRef} tone={alert.tone}>
          {alert.text}
        </AuthAlert>
      )}
      <fieldset disabled={state !== 'idle'} className="space-y-4">
        <AuthField
          ref={fieldRef('password')}
          label="New Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          error={errors.password}
        />
        <AuthField
          ref={fieldRef('confirmPassword')}
          label="Confirm New Password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <button
          type="submit"
          className="w-full rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {state === 'busy' ? 'Saving...' : 'Save New Password'}
        </button>
      </fieldset>
    </form>
  )
}
