import type { ApiRequest, ApiResponse, BackendContext } from '../http/types.ts'
import { authorize } from './authorize.ts'
import { AuthError, errorResponse, notImplemented } from './errors.ts'
import { logout } from './logout.ts'
import { recover } from './recover.ts'
import { resend } from './resend.ts'
import { createAuthServices, type Endpoint } from './services.ts'
import { settings } from './settings.ts'
import { signup } from './signup.ts'
import { token } from './token.ts'
import { getUser } from './user-get.ts'
import { updateUser } from './user-update.ts'
import { verify } from './verify.ts'

export { createInboxHandler } from './inbox.ts'
export { prepareAuth } from './prepare.ts'

/** The GoTrue subset the marketplace calls, by `METHOD /path` below /auth/v1. Anything else is not implemented. */
const ROUTES: Record<string, Endpoint> = {
  'POST /signup': signup,
  'POST /token': token,
  'GET /user': getUser,
  'PUT /user': updateUser,
  'POST /logout': logout,
  'POST /recover': recover,
  'POST /resend': resend,
  'GET /settings': settings,
  'GET /authorize': authorize,
  'GET /verify': verify,
}

/** The auth server: a request handler, and `close()` to end its password hashing workers. */
export interface AuthHandler {
  (req: ApiRequest): Promise<ApiResponse>
  close(): Promise<void>
}

/**
 * The GoTrue-compatible auth server of the local backend, for requests below /auth/v1 (`req.path`
 * is the rest). Failures answer in GoTrue's 2024-01-01 error shape; endpoints it does not implement
 * (otp, POST verify, sso, factors, identities, admin, ...) answer 404 not_found, so a gap is loud.
 */
export function createAuthHandler(ctx: BackendContext): AuthHandler {
  const services = createAuthServices(ctx)
  const handle = async (req: ApiRequest): Promise<ApiResponse> => {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path
    const endpoint = ROUTES[`${req.method} ${path}`]
    try {
      if (!endpoint) throw notImplemented(`${req.method} /auth/v1${path}`)
      return await endpoint(req, services)
    } catch (error) {
      if (error instanceof AuthError) return errorResponse(error)
      throw error
    }
  }
  return Object.assign(handle, { close: () => services.hasher.close() })
}
