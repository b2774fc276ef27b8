import { describe } from 'vitest'

/**
 * The databases the backend's tests run on: PGlite always, and a PostgreSQL server when
 * TEST_DATABASE_URL is set (a user that may create databases and roles: .ci/with-postgres makes one).
 */
export interface TestDatabaseTarget {
  name: 'PGlite' | 'PostgreSQL'
  /** The server's URL, where each test backend makes its own database; null for PGlite. */
  serverUrl: string | null
}

export const PGLITE: TestDatabaseTarget = { name: 'PGlite', serverUrl: null }

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null

/** PostgreSQL, when TEST_DATABASE_URL is set. */
const POSTGRES: TestDatabaseTarget | null = TEST_DATABASE_URL
  ? { name: 'PostgreSQL', serverUrl: TEST_DATABASE_URL }
  : null

const SKIPPED =
  'PostgreSQL (skipped: TEST_DATABASE_URL is not set; .ci/with-postgres sets it, see DEVELOPERS.md)'

/** Tests of the PostgreSQL server only: without TEST_DATABASE_URL reported skipped, with why. */
export function describePostgres(tests: (target: TestDatabaseTarget) => void): void {
  if (POSTGRES) describe(POSTGRES.name, () => tests(POSTGRES))
  // Collected (so its tests are listed as skipped) but never run.
  else describe.skip(SKIPPED, () => tests({ name: 'PostgreSQL', serverUrl: null }))
}

/** The same tests once per database: `describe('PGlite', ...)`, then `describe('PostgreSQL', ...)`. */
export function describeEachDatabase(tests: (target: TestDatabaseTarget) => void): void {
  describe(PGLITE.name, () => tests(PGLITE))
  describePostgres(tests)
}
