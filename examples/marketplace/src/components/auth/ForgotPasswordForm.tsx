import { type FormEvent, useEffect, useId, useState } from 'react'
import { useAuthActions } from '../../lib/auth/use-auth-actions.ts'
import { validateEmail } from '../../lib/auth/validation.ts'
import { AuthAlert } from './AuthAlert.tsx'
import { AuthField } from './AuthField.tsx'
import { useFieldErrors } from './use-field-errors.ts'
import { useFormAlert } from './use-form-alert.ts'

interface ForgotPasswordFormProps {
  defaultEmail: string
  onBack: () => void
}

const FIELD_ORDER = ['email'] as const

/** Sends a password recovery mail; its link leads to /auth/callback, where the new password is set. */
export function ForgotPasswordForm({ defaultEmail, onBack }: ForgotPasswordFormProps) {
  const { sendPasswordReset } = useAuthActions()
  const headingId = useId()
  const { errors, fieldRef, check } = useFieldErrors(FIELD_ORDER)
  const { alert, setAlert, alertRef } = useFormAlert()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    fieldRef('email').current?.focus()
  }, [fieldRef])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '')
    const error = validateEmail(email)
    if (!check(error ? { email: error } : {})) return
    setBusy(true)
    setAlert(null)
    const result = await sendPasswordReset(email)
    setBusy(false)
    setAlert({ tone: result.ok ? 'success' : 'error', text: result.message ?? '' })
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-base font-semibold text-gray-900">
          Reset your password
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Enter your account's e-mail and we will send you a link to choose a new password.
        </p>
      </div>
      {alert && (
        <AuthAlert ref={alertRef} tone={alert.tone}>
          {alert.text}
        </AuthAlert>
      )}
      <AuthField
        ref={fieldRef('email')}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        defaultValue={defaultEmail}
        error={errors.email}
      />
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? 'Sending...' : 'Send Reset Link'}
      </button>
      <button
        type="button"
        onClick={onBack}
        className="w-full text-center text-sm text-blue-700 hover:underline"
      >
        Back to Login
      </button>
    </form>
  )
}
