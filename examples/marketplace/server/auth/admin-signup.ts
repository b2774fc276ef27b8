import { createHash, timingSafeEqual } from 'node:crypto'
import { AuthError } from './errors.ts'

/** What a refused admin sign-up says: the code and where to get it. */
export const ADMIN_CODE_MESSAGE =
  'Admin sign-up needs the admin sign-up code. Ask the marketplace operator for it (the local backend prints it when it starts).'

/** 403 not_admin: an admin sign-up without the right code (checked here, then by the database's trigger). */
export const adminCodeRefused = () => new AuthError(403, 'not_admin', ADMIN_CODE_MESSAGE)

/** Whether sign-up metadata asks for the admin role, as the database's trigger reads it (`lower(role)`). */
const wantsAdmin = (data: Record<string, unknown>) =>
  typeof data.role === 'string' && data.role.toLowerCase() === 'admin'

/** Compares the code given with the expected one in constant time (over their SHA-256, so lengths do not leak). */
function adminCodeMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given === '' || expected === '') return false
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/** Refuses an admin sign-up whose metadata lacks the right `admin_signup_code`. */
export function assertAdminCode(data: Record<string, unknown>, expected: string): void {
  if (wantsAdmin(data) && !adminCodeMatches(data.admin_signup_code, expected)) throw adminCodeRefused()
}

/** Whether a database error is the sign-up trigger refusing the admin role (SQLSTATE 42501). */
export const isAdminTriggerRefusal = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42501'
