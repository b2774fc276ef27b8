/**
 * SQL text is made of two things only: identifiers that the schema cache knows (quoted here) and
 * `$n` placeholders. Every value a request carries travels as a parameter: text whose type Postgres
 * infers from where it stands (as PostgREST's unknown-typed literals), so a wrong value is Postgres's
 * error (22P02), as it would be to PostgREST (db/transaction.ts).
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
 * A Postgres array literal of text elements, each quoted: `{"a","b,c"}`. Sent as one parameter for
 * `= ANY($n)`, where Postgres reads it as an array of the column's type.
 */
export const arrayLiteral = (items: readonly string[]) =>
  `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
