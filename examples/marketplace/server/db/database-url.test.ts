import { expect, test } from 'vitest'
import { checkDatabaseUrl, redactedUrl } from './database-url.ts'

test('a URL as printed: the password as ***, wherever it is, the rest as written', () => {
  expect(redactedUrl('postgres://app:s3cret@db:5432/market?sslmode=require')).toBe(
    'postgres://app:***@db:5432/market?sslmode=require',
  )
  expect(redactedUrl('postgres://app@db/market')).toBe('postgres://app@db/market')
  expect(redactedUrl('postgres:///market?host=/run/postgresql&password=s3cret')).toBe(
    'postgres:///market?host=/run/postgresql&password=***',
  )
  expect(redactedUrl('postgres://app:s3/cret@db:5432')).not.toContain('s3')
})

test('DATABASE_URL is a postgres:// or postgresql:// URL; anything else says what to write, never the password', () => {
  expect(checkDatabaseUrl('postgresql://app@127.0.0.1/market')).toBe('postgresql://app@127.0.0.1/market')
  for (const value of [
    'app:s3cret@db:5432/market',
    'mysql://app:s3cret@db/market',
    'postgres://app:s3cret@db:port/x',
    'postgres://app:s3/cret@db:5432',
  ]) {
    expect(() => checkDatabaseUrl(value)).toThrow(/^\[CONFIG_INVALID\] DATABASE_URL must be a PostgreSQL/)
    expect(() => checkDatabaseUrl(value)).not.toThrow(/s3/)
  }
})
