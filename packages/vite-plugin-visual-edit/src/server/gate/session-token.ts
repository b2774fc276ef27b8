import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { VisualEditError } from '../../protocol/errors.ts'

/** Shorter tokens are refused: anyone who guesses the token can write the project's files. */
export const MIN_TOKEN_LENGTH = 16

/** The random token of this process, made on first use. */
let processToken: string | undefined

/**
 * The session token: the option (checked by resolveOptions), else `VISUAL_EDIT_TOKEN`, else 32 random
 * bytes made once per process. Once per process, not per plugin instance: when Vite restarts its
 * server (vite.config or .env changed) it calls `visualEdit()` again, and the editor, which got the
 * token once in its URL, must keep working.
 */
export function resolveToken(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (option !== undefined) return option
  const fromEnv = env.VISUAL_EDIT_TOKEN
  if (fromEnv === undefined || fromEnv === '') {
    processToken ??= randomBytes(32).toString('hex')
    return processToken
  }
  if (fromEnv.length < MIN_TOKEN_LENGTH) {
    throw new VisualEditError(
      'VISUAL_EDIT_INVALID_OPTIONS',
      `VISUAL_EDIT_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters: anyone who guesses it can write the project's files. Set a longer one, or unset it for a random token.`,
    )
  }
  return fromEnv
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

/** Constant-time comparison; hashing first makes the lengths equal, so the length leaks nothing either. */
export function tokensEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}
