import { AuthField } from './AuthField.tsx'
import type { AuthMethod } from './AuthMethodSwitch.tsx'
import { AuthSocialButtons } from './AuthSocialButtons.tsx'

interface AuthRegisterFieldsProps {
  method: AuthMethod
}

/** The Register tab's fields for the chosen method. */
export function AuthRegisterFields({ method }: AuthRegisterFieldsProps) {
  if (method === 'social') return <AuthSocialButtons />
  return (
    <form onSubmit={(event) => event.preventDefault()} className="space-y-4">
      <AuthField label="Full Name" type="text" name="name" autoComplete="name" />
      {method === 'phone' ? (
        <>
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
            Send Verification Code
          </button>
        </>
      ) : (
        <>
          <AuthField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
          />
          <AuthField label="Password" type="password" name="password" autoComplete="new-password" />
          <AuthField
            label="Confirm Password"
            type="password"
            name="confirm-password"
            autoComplete="new-password"
          />
          <button
            type="button"
            className="w-full rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
          >
            Create Account
          </button>
        </>
      )}
    </form>
  )
}
