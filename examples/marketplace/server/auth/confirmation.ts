import type { Transaction } from '../db/database.ts'
import type { ApiRequest } from '../http/types.ts'
import { newLinkToken, sendMail, verifyLink } from './mail.ts'
import { createFlowState, type PkceChallenge } from './pkce.ts'

/**
 * Mails a sign-up confirmation link to the user's address (a new one-time token, replacing any
 * earlier one), with a PKCE flow when the browser asked for one. `redirectTo` is already checked.
 */
export async function sendConfirmation(
  tx: Transaction,
  req: ApiRequest,
  user: { id: string; email: string },
  redirectTo: string,
  pkce: PkceChallenge | null,
): Promise<void> {
  const { token, stored } = newLinkToken(pkce !== null)
  await tx.query(
    'update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1',
    [user.id, stored],
  )
  if (pkce) await createFlowState(tx, user.id, pkce, 'email/signup')
  await sendMail(tx, user.email, 'signup', verifyLink(req, token, 'signup', redirectTo))
}
