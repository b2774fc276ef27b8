/**
 * What the backend runs SQL through, the same on both databases it runs on: PGlite in this process
 * (pglite-database.ts, the default) and a PostgreSQL server (postgres-database.ts, DATABASE_URL).
 * Values come back as PGlite parses them on both (postgres-types.ts): int8 a number (a bigint past
 * 2^53), numeric a string, date and timestamps a Date (±Infinity for infinity), json and jsonb
 * parsed, bytea a Uint8Array, arrays as arrays, anything else (uuid, time, interval) the text.
 */

/**
 * A parameter. Postgres reads each from its text, as typed by where it stands (`$1::uuid`, a column):
 * a wrong value is Postgres's error (22P02), never the driver's. Arrays go as array literals.
 */
export type QueryParam = string | number | boolean | null | readonly (string | null)[]

export interface Field {
  name: string
  dataTypeID: number
}

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[]
  fields: Field[]
  /** The rows an INSERT, UPDATE, DELETE, MERGE or COPY changed; 0 for any other statement. */
  affectedRows: number
}

export interface Transaction {
  query<T = Record<string, unknown>>(sql: string, params?: readonly QueryParam[]): Promise<QueryResult<T>>
  /** Statements without parameters, separated by semicolons: a result each. */
  exec(sql: string): Promise<QueryResult[]>
}

/** One connection held for the setup: statements outside `transaction` commit one by one. */
export interface Session extends Transaction {
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>
}

/** What `Database` needs of PGlite or of a PostgreSQL server. */
export interface Driver {
  /** Where the data is, for the banner and messages: never a password. */
  readonly location: string
  /** `work` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>
  /** `work` on one connection while no other process runs its own setup on this database. */
  setup<T>(work: (session: Session) => Promise<T>): Promise<T>
  /** Learns the array types there are now (migrations may add some), so their values come back as arrays. */
  refreshTypes(): Promise<void>
  close(): Promise<void>
}

const CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'])

/** `affectedRows` from a statement's command tag: `UPDATE 3` -> 3, `SELECT 5` -> 0. */
export const affectedRowsOf = (command: string | null | undefined, rowCount: number | null | undefined) =>
  command && CHANGING_COMMANDS.has(command) ? (rowCount ?? 0) : 0
