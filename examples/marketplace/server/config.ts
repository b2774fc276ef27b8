import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SignJWT } from 'jose'
import { AllowListPatternError, compilePattern } from './auth/redirect-allow-list.ts'
import { makePrivate } from './data-dir.ts'
import { checkDatabaseUrl } from './db/database-url.ts'
import { BackendError } from './errors.ts'
import { jwtKey } from './http/jwt.ts'

/** The demo accounts the local backend seeds on its first start. */
export interface DemoAccount {
  email: string
  password: string
  name: string
  role: 'admin' | 'customer'
}

/** Everything the backend needs to run; secrets live in `<dataDir>/backend.json`, made on first start. */
export interface BackendConfig {
  /**
   * Holds `backend.json`, Storage's files and PGlite's database (`pgdata/`); outside the app
   * (data-dir.ts), readable by this user only.
   */
  dataDir: string
  /**
   * A PostgreSQL server's connection URL (env DATABASE_URL), where the data goes instead of PGlite in
   * `pgdata/`. Holds the password: print it with redactedUrl (db/database-url.ts).
   */
  databaseUrl: string | null
  /** HS256 secret of every token (GoTrue's GOTRUE_JWT_SECRET). */
  jwtSecret: string
  /** The public key the app sends as `apikey`: a JWT with role anon. */
  anonKey: string
  /** A JWT with role service_role: never sent to a browser; for scripts and tests. */
  serviceRoleKey: string
  /** What an admin sign-up must carry (env ADMIN_SIGNUP_CODE, else generated and kept). */
  adminSignupCode: string
  /** When false, sign-up sends a confirmation mail to the local inbox and sign-in waits for it (env MARKETPLACE_CONFIRM_EMAIL=1). */
  autoConfirm: boolean
  demoAccounts: DemoAccount[]
  /** Per-IP limits, as GoTrue's defaults. */
  rateLimits: RateLimits
  /**
   * GoTrue's SITE_URL (env MARKETPLACE_SITE_URL): where a browser goes after a mailed link when no
   * allowed `redirect_to` was given. Null: the origin each request came to (the app's, when mounted).
   */
  siteUrl: string | null
  /** GoTrue's URI allow list (env MARKETPLACE_REDIRECT_ALLOW_LIST, comma-separated globs): other `redirect_to` URLs allowed. */
  redirectAllowList: readonly string[]
}

export interface RateLimits {
  /** POST /token: this many per window per IP (GoTrue: 30 per 5 minutes). */
  tokenPerWindow: number
  /** POST /signup, /recover, /resend (mails): this many per window per IP. */
  mailPerWindow: number
  windowMs: number
}

const DEFAULT_RATE_LIMITS: RateLimits = { tokenPerWindow: 30, mailPerWindow: 30, windowMs: 5 * 60_000 }

interface StoredSecrets {
  jwtSecret: string
  adminSignupCode: string
  demoPasswords: { admin: string; customer: string }
}

const SECRETS_FILE = 'backend.json'

/** A secret readable as text, from the OS's random source. */
const secret = (bytes: number) => randomBytes(bytes).toString('base64url')

/** A comma-separated setting's entries, blanks left out: `'a, b,,'` -> `['a', 'b']`. */
export const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')

/** MARKETPLACE_SITE_URL as an absolute http(s) URL, or null when unset. */
function siteUrlFrom(value: string | undefined): string | null {
  if (!value) return null
  let url: URL | null = null
  try {
    url = new URL(value)
  } catch {
    // Reported below with what to write instead.
  }
  if (
    url === null ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password
  ) {
    throw new BackendError(
      'CONFIG_INVALID',
      `MARKETPLACE_SITE_URL must be the app's absolute http(s) URL, such as http://localhost:5173, not "${value}".`,
    )
  }
  return url.href
}

/** MARKETPLACE_REDIRECT_ALLOW_LIST's patterns, each checked. */
function allowListFrom(value: string | undefined): string[] {
  const patterns = commaList(value)
  for (const pattern of patterns) {
    try {
      compilePattern(pattern)
    } catch (error) {
      if (!(error instanceof AllowListPatternError)) throw error
      throw new BackendError(
        'CONFIG_INVALID',
        `MARKETPLACE_REDIRECT_ALLOW_LIST: ${error.message}. Entries are comma-separated URLs or globs, such as http://localhost:3000/**.`,
      )
    }
  }
  return patterns
}

/**
 * Reads (or makes, on the first start) the backend's secrets in the data directory (made private:
 * the folder 700, the file 600), and derives the API keys. The environment wins over the stored
 * values: JWT_SECRET, ADMIN_SIGNUP_CODE, MARKETPLACE_CONFIRM_EMAIL; it alone gives
 * MARKETPLACE_SITE_URL, MARKETPLACE_REDIRECT_ALLOW_LIST and DATABASE_URL. Where the data directory
 * is, and that it is not served, is data-dir.ts's (resolveDataDir).
 */
export async function loadBackendConfig(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Pick<BackendConfig, 'autoConfirm' | 'rateLimits'>> = {},
): Promise<BackendConfig> {
  // Checked before anything is written: a wrong setting stops the start with nothing made.
  const siteUrl = siteUrlFrom(env.MARKETPLACE_SITE_URL)
  const redirectAllowList = allowListFrom(env.MARKETPLACE_REDIRECT_ALLOW_LIST)
  const databaseUrl = env.DATABASE_URL ? checkDatabaseUrl(env.DATABASE_URL) : null
  makePrivate(dataDir)
  const file = path.join(dataDir, SECRETS_FILE)
  let stored: StoredSecrets
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets
      if (typeof stored.jwtSecret !== 'string' || stored.jwtSecret.length < 32)
        throw new Error('no jwtSecret')
    } catch (error) {
      throw new BackendError(
        'CONFIG_INVALID',
        `${file} cannot be read (${(error as Error).message}). Fix it, or move it away to have new secrets made (tokens issued before then stop working).`,
      )
    }
  } else {
    stored = {
      jwtSecret: secret(48),
      adminSignupCode: secret(9),
      demoPasswords: { admin: secret(12), customer: secret(12) },
    }
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 })
  }
  const jwtSecret = env.JWT_SECRET || stored.jwtSecret
  if (jwtSecret.length < 32)
    throw new BackendError('CONFIG_INVALID', 'JWT_SECRET must be at least 32 characters long.')
  // Like Supabase's keys: issued once, valid for ten years.
  const apiKey = (role: string) =>
    new SignJWT({ role, iss: 'supabase' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(1_735_689_600)
      .setExpirationTime(2_051_222_400)
      .sign(jwtKey(jwtSecret))
  return {
    dataDir,
    databaseUrl,
    jwtSecret,
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    adminSignupCode: env.ADMIN_SIGNUP_CODE || stored.adminSignupCode,
    autoConfirm: overrides.autoConfirm ?? env.MARKETPLACE_CONFIRM_EMAIL !== '1',
    demoAccounts: [
      {
        email: 'admin@marketplace.local',
        password: stored.demoPasswords.admin,
        name: 'Demo Admin',
        role: 'admin',
      },
      {
        email: 'customer@marketplace.local',
        password: stored.demoPasswords.customer,
        name: 'Demo Customer',
        role: 'customer',
      },
    ],
    rateLimits: overrides.rateLimits ?? DEFAULT_RATE_LIMITS,
    siteUrl,
    redirectAllowList,
  }
}
