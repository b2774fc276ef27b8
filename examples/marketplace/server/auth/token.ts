import { AuthError, validationFailed } from './errors.ts'
import { passwordGrant } from './grant-password.ts'
import { pkceGrant } from './grant-pkce.ts'
import { refreshTokenGrant } from './grant-refresh-token.ts'
import type { Endpoint } from './services.ts'

/**
 * POST /token?grant_type=...: password, refresh_token and pkce. Every grant counts against the
 * per-IP token limit (GoTrue's 30 per 5 minutes by default).
 */
export const token: Endpoint = async (req, services) => {
  services.tokenLimit.take(req.ip)
  const grantType = req.url.searchParams.get('grant_type')
  switch (grantType) {
    case 'password':
      return passwordGrant(req, services)
    case 'refresh_token':
      return refreshTokenGrant(req, services)
    case 'pkce':
      return pkceGrant(req, services)
    case 'id_token':
      throw new AuthError(
        400,
        'provider_disabled',
        'Sign-in with an ID token is not available: the local backend has no external providers (such as Google) enabled.',
      )
    default:
      throw validationFailed(
        `Unsupported grant_type ${JSON.stringify(grantType ?? '')}: the local backend supports password, refresh_token and pkce.`,
      )
  }
}
