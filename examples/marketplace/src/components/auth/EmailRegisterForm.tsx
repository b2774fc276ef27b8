import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { AUTH_MESSAGES } from '../../lib/auth/messages.ts'
import { SIGN_UP_SWITCH_DELAY_MS } from '../../lib/auth/sign-up.ts'
import { useAuthActions } from '../../lib/auth/use-auth-actions.ts'
import { type AccountType, type SignUpValues, validateSignUp } from '../../lib/auth/validation.ts'
import { AuthAlert } from './AuthAlert.tsx'
import { AuthCheckbox } from './AuthCheckbox.tsx'
import { AuthField } from './AuthField.tsx'
import { useFieldErrors } from './use-field-errors.ts'
import { useFormAlert } from './use-form-alert.ts'

export interface Registration {
  email: string
  /** The success message, with the confirmation note when the e-mail must be confirmed first. */
  message: string
}

export interface EmailRegisterFormProps {
  /** /auth offers the admin account type (with the admin sign-up code); the dialog signs up customers. */
  allowAdmin?: boolean
  /** Once the success message has shown for 2 s: switch to the login tab, the e-mail filled in, the message kept. */
  onRegistered: (registration: Registration) => void
  /** A link (terms, privacy) leaves the page: the dialog closes. */
  onLeave?: (() => void) | undefined
}

type Field = keyof SignUpValues
/** The fields that take focus when invalid (the account type select always has a value). */
type FocusField = Exclude<Field, 'accountType'>

const FIELD_ORDER: readonly FocusField[] = [
  'name',
  'email',
  'phone',
  'adminCode',
  'password',
  'confirmPassword',
  'acceptTerms',
]

/** The sign-up form: name, e-mail, phone, account type, password twice and the terms. */
export function EmailRegisterForm({ allowAdmin = false, onRegistered, onLeave }: EmailRegisterFormProps) {
  const { signUp } = useAuthActions()
  const accountTypeId = useId()
  const [accountType, setAccountType] = useState<AccountType>('customer')
  const { errors, fieldRef, check } = useFieldErrors<Field>(FIELD_ORDER)
  const { alert, setAlert, alertRef } = useFormAlert()
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle')
  const switchTimer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(switchTimer.current), [])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '')
    const values: SignUpValues = {
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      accountType,
      adminCode: text('adminCode'),
      password: text('password'),
      confirmPassword: text('confirmPassword'),
      acceptTerms: form.get('acceptTerms') === 'on',
    }
    if (!check(validateSignUp(values))) return
    setState('busy')
    setAlert(null)
    const result = await signUp(values)
    if (!result.ok) {
      setState('idle')
      setAlert({ tone: 'error', text: result.message })
      return
    }
    setState('done')
    const email = values.email.trim()
    const message = result.needsConfirmation
      ? `${AUTH_MESSAGES.signUpSucceeded} We have sent a confirmation link to ${email}: open it before you log in.`
      : AUTH_MESSAGES.signUpSucceeded
    setAlert({ tone: 'success', text: message })
    switchTimer.current = window.setTimeout(() => onRegistered({ email, message }), SIGN_UP_SWITCH_DELAY_MS)
  }

  return (
    <div className="space-y-4">
      {alert && (
        <AuthAlert ref={alertRef} tone={alert.tone}>
          {alert.text}
        </AuthAlert>
      )}
      <form onSubmit={submit} noValidate aria-label="Sign up" className="space-y-4">
        <fieldset disabled={state !== 'idle'} className="space-y-4">
          <AuthField
            ref={fieldRef('name')}
            label="Full Name"
            type="text"
            name="name"
            autoComplete="name"
            required
            error={errors.name}
          />
          <AuthField
            ref={fieldRef('email')}
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            error={errors.email}
          />
          <AuthField
            ref={fieldRef('phone')}
            label="Phone Number"
            type="tel"
            name="phone"
            autoComplete="tel"
            placeholder="+91 98765 43210"
            required
            error={errors.phone}
          />
          {allowAdmin && (
            <div>
              <label htmlFor={accountTypeId} className="block text-sm font-medium text-gray-700">
                Account Type
              </label>
              <select
                id={accountTypeId}
                name="accountType"
                value={accountType}
                onChange={(event) => setAccountType(event.target.value as AccountType)}
                className="mt-1 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
              >
                <option value="customer">Customer</option>
                <option value="admin">Admin</option>
              </select>
            </div>
          )}
          {accountType === 'admin' && (
            <AuthField
              ref={fieldRef('adminCode')}
              label="Admin sign-up code"
              type="password"
              name="adminCode"
              autoComplete="off"
              required
              error={errors.adminCode}
            />
          )}
          <AuthField
            ref={fieldRef('password')}
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            error={errors.password}
          />
          <AuthField
            ref={fieldRef('confirmPassword')}
            label="Confirm Password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            error={errors.confirmPassword}
          />
          <AuthCheckbox ref={fieldRef('acceptTerms')} name="acceptTerms" error={errors.acceptTerms}>
            I agree to the{' '}
            <Link to="/terms" onClick={onLeave} className="text-blue-700 hover:underline">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" onClick={onLeave} className="text-blue-700 hover:underline">
              Privacy Policy
            </Link>
          </AuthCheckbox>
          <button
            type="submit"
            className="w-full rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {state === 'busy' ? 'Creating Account...' : 'Create Account'}
          </button>
        </fieldset>
      </form>
    </div>
  )
}
