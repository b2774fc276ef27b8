/**
 * Reading the protocol's valibot schemas (their public `type`, `entries` and `pipe`), without
 * importing valibot here: the fields a schema takes are what the spec lists.
 */

interface SchemaLike {
  readonly type: string
  readonly entries?: Readonly<Record<string, unknown>>
  readonly pipe?: readonly unknown[]
}

/** The field names of a valibot object schema, in the order it declares them. */
export function objectEntries(schema: { entries: Readonly<Record<string, unknown>> }): string[] {
  return Object.keys(schema.entries)
}

/**
 * The fields of an object schema, or of the object schema a `v.pipe` starts with (a schema with checks
 * across its fields), in declaration order.
 */
export function fieldsOf(schema: SchemaLike): string[] {
  if (schema.entries) return Object.keys(schema.entries)
  const first = schema.pipe?.[0] as SchemaLike | undefined
  if (first?.entries) return Object.keys(first.entries)
  throw new Error(`A ${schema.type} schema is not an object schema`)
}
