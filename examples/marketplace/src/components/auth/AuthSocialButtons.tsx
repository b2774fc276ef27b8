/** Facebook and Twitter buttons of the login/register dialog; sign-in from here is not built yet. */
export function AuthSocialButtons() {
  return (
    <div className="space-y-2">
      <button
        type="button"
        className="w-full rounded-md bg-[#1877f2] px-4 py-2 text-sm font-medium text-white hover:bg-[#166fe5]"
      >
        Continue with Facebook
      </button>
      <button
        type="button"
        className="w-full rounded-md bg-[#1da1f2] px-4 py-2 text-sm font-medium text-white hover:bg-[#1a94da]"
      >
        Continue with Twitter
      </button>
    </div>
  )
}
