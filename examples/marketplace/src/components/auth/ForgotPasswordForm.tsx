import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useAuthActions } from '../../lib/auth/use-auth-actions.ts'
import { validateEmail } from '../../lib/auth/validation.ts'
import { AuthAlert } from './AuthAlert.tsx'
import { AuthField } from './AuthField.tsx'

interface ForgotPasswordFormProps {
  defaultEmail: string
  onBack: () => void
}

/** Sends a password recovery mail; its link leads to /auth/callback, where the new password is set. */
export function ForgotPasswordForm({ defaultEmail, onBack }: ForgotPasswordFormProps) {
  const { sendPasswordReset } = useAuthActions()
  const headingId = useId()
  const emailRef = useRef<HTMLInputElement>(null)
  const [emailError, setEmailError] = useState<string>()
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    emailRef.current?.focus()
  }, [])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '')
    const error = validateEmail(email)
    setEmailError(error)
    if (error) {
      emailRef.current?.focus()
      return
    }
    setBusy(true)
    setOutcome(null)
    const result = await sendPasswordReset(email)
    setBusy(false)
    setOutcome({ ok: result.ok, message: result.message ?? '' })
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
      {outcome && <AuthAlert tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</AuthAlert>}
      <AuthField
        ref={emailRef}
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        defaultValue={defaultEmail}
        error={emailError}
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
