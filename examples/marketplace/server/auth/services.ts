import type { BackendConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { ApiRequest, ApiResponse, BackendContext } from '../http/types.ts'
import { PasswordHasher } from './password-hash.ts'
import { emailRateLimited, RateLimiter, requestRateLimited } from './rate-limit.ts'

/** What every auth endpoint works with; one set per handler (createAuthHandler). */
export interface AuthServices {
  config: BackendConfig
  db: Database
  hasher: PasswordHasher
  /** POST /token, every grant type. */
  tokenLimit: RateLimiter
  /** Requests that send a mail: sign-up with confirmation, recover, resend. */
  mailLimit: RateLimiter
}

/** An endpoint: the request below /auth/v1 in, the response out; failures thrown as AuthError. */
export type Endpoint = (req: ApiRequest, services: AuthServices) => Promise<ApiResponse>

export function createAuthServices(ctx: BackendContext, hasher = new PasswordHasher()): AuthServices {
  const { rateLimits } = ctx.config
  return {
    config: ctx.config,
    db: ctx.db,
    hasher,
    tokenLimit: new RateLimiter(rateLimits.tokenPerWindow, rateLimits.windowMs, requestRateLimited),
    mailLimit: new RateLimiter(rateLimits.mailPerWindow, rateLimits.windowMs, emailRateLimited),
  }
}

/** The `iss` of the access tokens: the auth server's URL as the client reached it, as on Supabase. */
export const issuerOf = (req: ApiRequest) => `${req.url.origin}/auth/v1`
