import type { QueryOptions } from '@electric-sql/pglite'

/**
 * SQL text is made of two things only: identifiers that the schema cache knows (quoted here) and
 * `$n` placeholders. Every value a request carries travels as a parameter.
 */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

/** `"public"."users"` */
export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`

/** The parameters of one statement; `add` answers the placeholder to write in the SQL. */
export class Params {
  readonly values: (string | null)[] = []

  add(value: string | null): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/**
 * Every parameter is text whose type Postgres infers from where it stands (as PostgREST's unknown-typed
 * literals). PGlite would check booleans and bytea itself, in JavaScript, with its own error; these
 * send them as they are so that Postgres answers with its SQLSTATE (22P02), as it would to PostgREST.
 */
const asText = (value: unknown) => String(value)
export const TEXT_PARAMS: QueryOptions = { serializers: { 16: asText, 17: asText } }

/**
 * A Postgres array literal of text elements, each quoted: `{"a","b,c"}`. Sent as one parameter for
 * `= ANY($n)`, where Postgres reads it as an array of the column's type.
 */
export const arrayLiteral = (items: readonly string[]) =>
  `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
