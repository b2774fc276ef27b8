import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** The session token: the option, else `VISUAL_EDIT_TOKEN`, else 32 random bytes made once per process. */
export function resolveToken(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const token = option ?? env.VISUAL_EDIT_TOKEN
  if (token !== undefined && token !== '') return token
  return randomBytes(32).toString('hex')
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()

/** Constant-time comparison; hashing first makes the lengths equal, so the length leaks nothing either. */
export function tokensEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}
