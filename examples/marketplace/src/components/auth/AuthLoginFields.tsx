import { Link } from 'react-router-dom'
import { AuthField } from './AuthField.tsx'
import type { AuthMethod } from './AuthMethodSwitch.tsx'
import { AuthSocialButtons } from './AuthSocialButtons.tsx'

interface AuthLoginFieldsProps {
  method: AuthMethod
  /** Called when a link leaves the dialog. */
  onLeave: () => void
}

/** The Login tab's fields for the chosen method. */
export function AuthLoginFields({ method, onLeave }: AuthLoginFieldsProps) {
  if (method === 'social') return <AuthSocialButtons />
  if (method === 'phone') {
    return (
      <form onSubmit={(event) => event.preventDefault()} className="space-y-4">
        <AuthField
          label="Phone Number"
          type="tel"
          name="phone"
          autoComplete="tel"
          placeholder="+91 98765 43210"
        />
        <button
          type="button"
          className="w-full rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
        >
          Send OTP
        </button>
      </form>
    )
  }
  return (
    <form onSubmit={(event) => event.preventDefault()} className="space-y-4">
      <AuthField label="Email" type="email" name="email" autoComplete="email" placeholder="you@example.com" />
      <AuthField label="Password" type="password" name="password" autoComplete="current-password" />
      <div className="flex justify-end">
        <Link to="/auth" onClick={onLeave} className="text-sm text-blue-700 hover:underline">
          Forgot Password?
        </Link>
      </div>
      <button
        type="button"
        className="w-full rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
      >
        Login
      </button>
    </form>
  )
}
