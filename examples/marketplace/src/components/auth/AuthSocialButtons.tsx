import { UnavailableNote } from './UnavailableNote.tsx'

/** Facebook and Twitter buttons of the login/register dialog: this server offers neither. */
export function AuthSocialButtons() {
  return (
    <div className="space-y-2">
      <UnavailableNote>
        Facebook and Twitter sign-in are not available on this server. Use Email instead.
      </UnavailableNote>
      <button
        type="button"
        disabled
        className="w-full rounded-md bg-[#1877f2] px-4 py-2 text-sm font-medium text-white disabled:cursor-not-allowed disabled:opacity-60"
      >
        Continue with Facebook
      </button>
      <button
        type="button"
        disabled
        className="w-full rounded-md bg-[#1da1f2] px-4 py-2 text-sm font-medium text-white disabled:cursor-not-allowed disabled:opacity-60"
      >
        Continue with Twitter
      </button>
    </div>
  )
}
