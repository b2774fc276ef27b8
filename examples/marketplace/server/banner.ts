import type { BackendConfig } from './config.ts'
import { redactedUrl } from './db/database-url.ts'

/** What the backend prints when it starts: where it is, the public key, the demo accounts and the admin sign-up code. */
export function printBanner(config: BackendConfig, url: string, print: (line: string) => void): void {
  const base = url.replace(/\/$/, '')
  const lines = [
    '',
    `  Marketplace backend (Supabase-compatible, ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
    `  API URL:     ${base}  (auth ${base}/auth/v1, rest ${base}/rest/v1)`,
    `  Inbox:       ${base}/inbox  (${config.autoConfirm ? 'e-mail confirmation off: MARKETPLACE_CONFIRM_EMAIL=1 turns it on' : 'confirmation and recovery mails'})`,
    `  anon key:    ${config.anonKey}`,
    `  Admin sign-up code: ${config.adminSignupCode}`,
    ...config.demoAccounts.map(
      (account) => `  Demo ${account.role.padEnd(8)}  ${account.email}  /  ${account.password}`,
    ),
    `  Redirects:   ${[config.siteUrl ?? `${base}/`, ...config.redirectAllowList].join(', ')}  (MARKETPLACE_SITE_URL, MARKETPLACE_REDIRECT_ALLOW_LIST)`,
    `  Data:        ${config.dataDir}  (private to you; MARKETPLACE_DATA_DIR)`,
    ...(config.databaseUrl ? [`  Database:    ${redactedUrl(config.databaseUrl)}  (DATABASE_URL)`] : []),
    '',
  ]
  for (const line of lines) print(line)
}
