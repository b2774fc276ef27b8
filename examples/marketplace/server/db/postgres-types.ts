import { types } from '@electric-sql/pglite'
import type { CustomTypesConfig } from 'pg'

type Parser = (value: string, typeId?: number) => unknown

/** Every array type and its element type: what PGlite asks at its start (and on refreshArrayTypes). */
export const ARRAY_TYPES_SQL = `
  select b.oid, b.typarray
  from pg_catalog.pg_type a
  left join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A'
  group by b.oid, b.typarray
  order by b.oid`

export interface ArrayTypeRow {
  oid: number
  typarray: number
}

const asIs: Parser = (value) => value

/**
 * node-postgres's type parsers for one pool's clients (never pg's global ones), answering what PGlite
 * answers: PGlite's own parsers, by type id (types.parsers), and arrays parsed by PGlite's array
 * parser around their element's parser; any other type stays its text. The sessions' settings
 * (TimeZone UTC, ISO dates, hex bytea: postgres-database.ts) make the text PGlite's too.
 */
export class PgliteTypeParsers implements CustomTypesConfig {
  private readonly parsers = new Map<number, Parser>()

  constructor() {
    for (const [key, parse] of Object.entries(types.parsers)) {
      if (/^\d+$/.test(key)) this.parsers.set(Number(key), parse)
    }
  }

  /** Adds the array types (ARRAY_TYPES_SQL's rows), each parsed with its element's parser. */
  learnArrays(rows: readonly ArrayTypeRow[]): void {
    for (const { oid, typarray } of rows) {
      this.parsers.set(typarray, (value) => types.arrayParser(value, this.parsers.get(oid) ?? asIs, typarray))
    }
  }

  // node-postgres asks once per result column; only the text format is used.
  getTypeParser = ((oid: number) => this.parsers.get(oid) ?? asIs) as CustomTypesConfig['getTypeParser']
}
