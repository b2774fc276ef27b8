import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { Account } from '../../lib/auth/account.ts'
import { useAuthActions } from '../../lib/auth/use-auth-actions.ts'
import { validateLogin } from '../../lib/auth/validation.ts'
import { AuthAlert } from './AuthAlert.tsx'
import { AuthCheckbox } from './AuthCheckbox.tsx'
import { AuthField } from './AuthField.tsx'
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx'
import { GoogleSignInButton } from './GoogleSignInButton.tsx'
import { useFieldErrors } from './use-field-errors.ts'
import { type AuthNotice, useFormAlert } from './use-form-alert.ts'

export interface EmailLoginFormProps {
  /** Signed in, with the account (role read from the server). */
  onSuccess: (account: Account) => void
  /** Prefilled after a sign-up; focus then goes to the password. */
  defaultEmail?: string | undefined
  /** Shown until the next attempt: an error brought back from /auth/callback, or the sign-up's success. */
  notice?: AuthNotice | undefined
  /** The /auth page offers Google; the dialog's social options are Facebook and Twitter. */
  showGoogle?: boolean
}

const FIELD_ORDER = ['email', 'password'] as const

/** E-mail and password login with Remember me and Forgot Password (and Google on /auth). */
export function EmailLoginForm({ onSuccess, defaultEmail, notice, showGoogle = false }: EmailLoginFormProps) {
  const actions = useAuthActions()
  const { errors, fieldRef, check } = useFieldErrors(FIELD_ORDER)
  const { alert, setAlert, alertRef } = useFormAlert(notice)
  const [busy, setBusy] = useState<'login' | 'google' | null>(null)
  const [resetEmail, setResetEmail] = useState<string | null>(null)
  const emailRef = fieldRef('email')
  const passwordRef = fieldRef('password')
  const rememberRef = useRef<HTMLInputElement>(null)
  const forgotRef = useRef<HTMLButtonElement>(null)
  const backFromReset = useRef(false)

  useEffect(() => {
    if (defaultEmail) passwordRef.current?.focus()
  }, [defaultEmail, passwordRef])
  // Back from the reset form, focus returns to the link that opened it.
  useEffect(() => {
    if (resetEmail !== null || !backFromReset.current) return
    backFromReset.current = false
    forgotRef.current?.focus()
  }, [resetEmail])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const values = { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') }
    if (!check(validateLogin(values))) return
    setBusy('login')
    setAlert(null)
    const result = await actions.logIn(values, form.get('remember') === 'on')
    setBusy(null)
    if (result.ok) onSuccess(result.account)
    else setAlert({ tone: 'error', text: result.message })
  }

  const google = async () => {
    setBusy('google')
    setAlert(null)
    const result = await actions.signInWithGoogle(rememberRef.current?.checked ?? false)
    // On success the browser is leaving for Google; the button stays busy until it has.
    if (!result.ok) {
      setBusy(null)
      setAlert({ tone: 'error', text: result.message })
    }
  }

  if (resetEmail !== null) {
    return (
      <ForgotPasswordForm
        defaultEmail={resetEmail}
        onBack={() => {
          backFromReset.current = true
          setResetEmail(null)
          setAlert(null)
        }}
      />
    )
  }

  return (
    <div className="space-y-4">
      {alert && (
        <AuthAlert ref={alertRef} tone={alert.tone}>
          {alert.text}
        </AuthAlert>
      )}
      <form onSubmit={submit} noValidate aria-label="Login" className="space-y-4">
        <AuthField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          defaultValue={defaultEmail}
          error={errors.email}
        />
        <AuthField
          ref={passwordRef}
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div className="flex items-center justify-between gap-4">
          <AuthCheckbox ref={rememberRef} name="remember">
            Remember me
          </AuthCheckbox>
          <button
            ref={forgotRef}
            type="button"
            onClick={() => setResetEmail(emailRef.current?.value ?? '')}
            className="text-sm text-blue-700 hover:underline"
          >
            Forgot Password?
          </button>
        </div>
        <button
          type="submit"
          disabled={busy !== null}
          className="w-full rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy === 'login' ? 'Logging in...' : 'Login'}
        </button>
      </form>
      {showGoogle && (
        <>
          <div className="flex items-center gap-3 text-xs text-gray-500" aria-hidden="true">
            <span className="h-px flex-1 bg-gray-200" />
            or
            <span className="h-px flex-1 bg-gray-200" />
          </div>
          <GoogleSignInButton onClick={google} busy={busy === 'google'} />
        </>
      )}
    </div>
  )
}
