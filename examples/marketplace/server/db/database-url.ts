import { BackendError } from '../errors.ts'

const parsed = (value: string): URL | null => {
  try {
    return new URL(value)
  } catch {
    return null // not a URL: said by the callers, without the text
  }
}

/**
 * A connection URL as it may be printed: its password (in the user info, or a `password` parameter)
 * as ***. Text that is not a URL is not printed at all: where its password is cannot be known.
 *
 *   postgres://app:s3cret@db:5432/market?sslmode=require  ->  postgres://app:***@db:5432/market?sslmode=require
 */
export function redactedUrl(value: string): string {
  const url = parsed(value)
  if (url === null) return '(a DATABASE_URL that is not a URL)'
  if (url.password) url.password = '***'
  return url.href.replace(/([?&]password=)[^&#]*/gi, '$1***')
}

/**
 * DATABASE_URL, checked: a `postgres://` or `postgresql://` URL (node-postgres's connection string).
 * Anything else stops the start with CONFIG_INVALID and what to write, the password left out.
 */
export function checkDatabaseUrl(value: string): string {
  const url = parsed(value)
  // Not printed: where a password is in text that is not a PostgreSQL URL cannot be known.
  const problem =
    url === null
      ? 'it is not a URL'
      : url.protocol !== 'postgres:' && url.protocol !== 'postgresql:'
        ? `it starts with ${url.protocol}`
        : null
  if (problem !== null) {
    throw new BackendError(
      'CONFIG_INVALID',
      `DATABASE_URL must be a PostgreSQL connection URL, such as postgres://user:password@127.0.0.1:5432/marketplace; ${problem}. Unset it to use PGlite in the data directory.`,
    )
  }
  return value
}
