import { createHash, randomBytes } from 'node:crypto'
import type { Transaction } from '../db/database.ts'
import type { ApiRequest } from '../http/types.ts'

/** The links this server mails; GoTrue's verification types of the same names. */
export type MailKind = 'signup' | 'recovery'

const SUBJECTS: Record<MailKind, string> = {
  signup: 'Confirm Your Signup',
  recovery: 'Reset Your Password',
}

/** How long a mailed link works (GoTrue's MAILER_OTP_EXP default, one day). */
export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000

/** The prefix of a link token whose verification ends in a PKCE code (GoTrue's `pkce_`). */
export const PKCE_PREFIX = 'pkce_'

/**
 * A one-time link token and what the database keeps of it: its SHA-256, so that reading the
 * database does not give working links. A PKCE flow's token says so by its prefix.
 */
export function newLinkToken(pkce: boolean): { token: string; stored: string } {
  const token = `${pkce ? PKCE_PREFIX : ''}${randomBytes(32).toString('base64url')}`
  return { token, stored: storedLinkToken(token) }
}

export const storedLinkToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A verify link, as GoTrue's mail templates build it: `<origin>/auth/v1/verify?token&type&redirect_to`. */
export function verifyLink(req: ApiRequest, token: string, kind: MailKind, redirectTo: string): string {
  const url = new URL('/auth/v1/verify', req.url.origin)
  url.searchParams.set('token', token)
  url.searchParams.set('type', kind)
  url.searchParams.set('redirect_to', redirectTo)
  return url.href
}

/** "Sends" a mail: writes it to the local inbox (auth.local_mails), which /inbox lists. */
export async function sendMail(tx: Transaction, to: string, kind: MailKind, link: string): Promise<void> {
  await tx.query('insert into auth.local_mails (to_address, subject, kind, link) values ($1, $2, $3, $4)', [
    to,
    SUBJECTS[kind],
    kind,
    link,
  ])
}
