import { authenticate } from './authenticate.ts'
import { validationFailed } from './errors.ts'
import { noContent } from './responses.ts'
import type { Endpoint } from './services.ts'

/**
 * POST /logout?scope=global|local|others: ends sessions (their refresh tokens go with them), 204.
 * global (the default): every session of the user; local: this one; others: all but this one.
 * Access tokens already issued stay valid at /rest until they expire, as on Supabase; /user
 * refuses them at once (session_not_found).
 */
export const logout: Endpoint = async (req, services) => {
  const scope = req.url.searchParams.get('scope') ?? 'global'
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`)
  }
  const { user, sessionId } = await authenticate(req, services)
  await services.db.asOwner(async (tx) => {
    if (sessionId === null || scope === 'global') {
      await tx.query('delete from auth.sessions where user_id = $1', [user.id])
    } else if (scope === 'local') {
      await tx.query('delete from auth.sessions where id = $1', [sessionId])
    } else {
      await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId])
    }
  })
  return noContent()
}
