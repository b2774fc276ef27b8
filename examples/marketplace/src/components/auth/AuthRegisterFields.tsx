import { AuthField } from './AuthField.tsx'
import type { AuthMethod } from './AuthMethodSwitch.tsx'
import { AuthSocialButtons } from './AuthSocialButtons.tsx'
import { EmailRegisterForm, type EmailRegisterFormProps } from './EmailRegisterForm.tsx'
import { UnavailableNote } from './UnavailableNote.tsx'

interface AuthRegisterFieldsProps extends EmailRegisterFormProps {
  /** The dialog's method switch; the /auth page has e-mail only. */
  method?: AuthMethod
}

/** The Register tab's fields for the chosen method: e-mail works; phone and social are not on this server. */
export function AuthRegisterFields({ method = 'email', ...emailProps }: AuthRegisterFieldsProps) {
  if (method === 'social') return <AuthSocialButtons />
  if (method === 'phone') {
    return (
      <div className="space-y-4">
        <UnavailableNote>
          Sign-up by phone is not available on this server. Use Email instead.
        </UnavailableNote>
        <AuthField label="Full Name" type="text" name="name" autoComplete="name" disabled />
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
          Send Verification Code
        </button>
      </div>
    )
  }
  return <EmailRegisterForm {...emailProps} />
}
