import { AuthField } from './AuthField.tsx'
import type { AuthMethod } from './AuthMethodSwitch.tsx'
import { AuthSocialButtons } from './AuthSocialButtons.tsx'
import { EmailLoginForm, type EmailLoginFormProps } from './EmailLoginForm.tsx'
import { UnavailableNote } from './UnavailableNote.tsx'

interface AuthLoginFieldsProps extends EmailLoginFormProps {
  /** The dialog's method switch; the /auth page has e-mail only. */
  method?: AuthMethod
}

/** The Login tab's fields for the chosen method: e-mail works; phone and social are not on this server. */
export function AuthLoginFields({ method = 'email', ...emailProps }: AuthLoginFieldsProps) {
  if (method === 'social') return <AuthSocialButtons />
  if (method === 'phone') {
    return (
      <div className="space-y-4">
        <UnavailableNote>
          Login by phone (OTP) is not available on this server. Use Email instead.
        </UnavailableNote>
        <AuthField
          label="Phone Number"
          type="tel"
          name="phone"
          autoComplete="tel"
          placeholder="+91 98765 43210"
          disabled
        />
        <button
          type="button"
          disabled
          className="w-full rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white disabled:cursor-not-allowed disabled:opacity-60"
        >
          Send OTP
        </button>
      </div>
    )
  }
  return <EmailLoginForm {...emailProps} />
}
