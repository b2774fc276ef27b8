import { validationFailed } from './errors.ts'
import { allowedRedirect, withError } from './redirect-url.ts'
import { redirect } from './responses.ts'
import type { Endpoint } from './services.ts'

const MESSAGE = 'Unsupported provider: provider is not enabled'

/**
 * GET /authorize?provider=...: no OAuth provider is enabled here (Google cannot call back to a local
 * backend). A browser that came with an allowed `redirect_to` is sent back there with the error, so
 * the app's callback shows its Google failure message:
 *
 *   /authorize?provider=google&redirect_to=/auth/callback
 *   ->  303 /auth/callback?error=invalid_request&error_code=provider_disabled&error_description=Unsupported+provider...
 *
 * Without one: GoTrue's own answer, 400 validation_failed with the same message.
 */
export const authorize: Endpoint = async (req, services) => {
  const target = allowedRedirect(req, services.config, req.url.searchParams.get('redirect_to'))
  if (target === null) throw validationFailed(MESSAGE)
  return redirect(withError(target, 'invalid_request', 'provider_disabled', MESSAGE))
}
