import { randomUUID } from 'node:crypto'
import type { DemoAccount } from '../config.ts'
import type { BackendContext } from '../http/types.ts'
import { PasswordHasher } from './password-hash.ts'
import { findUserByEmail, insertUser } from './users.ts'

/**
 * Run once at start: writes the admin sign-up code where the database's sign-up trigger reads it
 * (private.settings), and seeds the demo accounts that are missing, with confirmed e-mail. The demo
 * admin goes through the same check as any admin sign-up: its metadata carries the code, which the
 * trigger verifies and drops. An existing demo account is left as it is (its password included).
 */
export async function prepareAuth(ctx: BackendContext): Promise<void> {
  const { config, db } = ctx
  const missing = await db.asOwner(async (tx) => {
    await tx.query(
      `insert into private.settings (key, value) values ('admin_signup_code', $1)
       on conflict (key) do update set value = excluded.value`,
      [config.adminSignupCode],
    )
    const absent: DemoAccount[] = []
    for (const account of config.demoAccounts) {
      if (!(await findUserByEmail(tx, account.email))) absent.push(account)
    }
    return absent
  })
  if (missing.length === 0) return
  const hasher = new PasswordHasher(missing.length)
  try {
    const hashes = await Promise.all(missing.map((account) => hasher.hash(account.password)))
    await db.asOwner(async (tx) => {
      for (const [index, account] of missing.entries()) {
        const metadata: Record<string, unknown> = { name: account.name, role: account.role }
        if (account.role === 'admin') metadata.admin_signup_code = config.adminSignupCode
        await insertUser(tx, {
          id: randomUUID(),
          email: account.email.toLowerCase(),
          phone: null,
          encryptedPassword: hashes[index] as string,
          provider: 'email',
          userMetadata: metadata,
          emailConfirmed: true,
          phoneConfirmed: false,
        })
      }
    })
  } finally {
    await hasher.close()
  }
}
