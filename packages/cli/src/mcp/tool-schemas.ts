import { toJsonSchema } from '@valibot/to-json-schema'
import { AGENT_TOOL_INPUTS, type AgentToolName, MUTATE_BODY_SCHEMAS } from 'vite-plugin-visual-edit/protocol'

/** A JSON Schema object, as MCP's `inputSchema` takes it. */
export type JsonSchema = { type: 'object'; [key: string]: unknown }

/** The element object of the mutate API, `{ codebaseId, storyboardId?, uniquePath? }`, in JSON Schema. */
const isElementRef = (schema: unknown): schema is Record<string, unknown> => {
  if (typeof schema !== 'object' || schema === null) return false
  const properties = (schema as { properties?: Record<string, unknown> }).properties
  return (
    (schema as { type?: unknown }).type === 'object' &&
    properties !== undefined &&
    'codebaseId' in properties &&
    'uniquePath' in properties
  )
}

/** An element named where it is written, as `visual-edit apply` takes it. */
const ELEMENT_AT = {
  type: 'object',
  description: 'The element whose `<` is on this line of this file (relative to the project root).',
  properties: {
    file: { type: 'string', description: 'e.g. src/App.tsx' },
    line: { type: 'integer', minimum: 1 },
    tag: { type: 'string', description: 'Which one, when the line starts several elements.' },
  },
  required: ['file', 'line'],
}

/** Every element object of `schema` also accepted as `{ file, line, tag? }`. */
function withLocations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withLocations)
  if (typeof schema !== 'object' || schema === null) return schema
  if (isElementRef(schema)) {
    return {
      anyOf: [
        { ...schema, description: 'The element by its codebase id (find_elements gives it).' },
        ELEMENT_AT,
      ],
    }
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withLocations(value)]))
}

/**
 * One change of `apply_changes`: `{ operation, body }`, the body of that mutate route, from the
 * protocol's own schemas (the server checks what JSON Schema cannot say: the refinements are left out).
 */
function changeSchema(): Record<string, unknown> {
  const variants = Object.entries(MUTATE_BODY_SCHEMAS).map(([operation, schema]) => {
    const { $schema: _dialect, ...body } = toJsonSchema(schema, {
      errorMode: 'ignore',
      typeMode: 'input',
    }) as Record<string, unknown>
    return {
      type: 'object',
      properties: { operation: { const: operation }, body: withLocations(body) },
      required: ['operation', 'body'],
      additionalProperties: false,
    }
  })
  return { oneOf: variants }
}

/**
 * A tool's input schema as MCP lists it: the protocol's (AGENT_TOOL_INPUTS) in JSON Schema, and for
 * apply_changes each change as the mutate route's own body (changeSchema).
 */
export function inputSchemaOf(name: AgentToolName): JsonSchema {
  const { $schema: _dialect, ...schema } = toJsonSchema(AGENT_TOOL_INPUTS[name], {
    errorMode: 'ignore',
    typeMode: 'input',
  }) as JsonSchema
  if (name === 'apply_changes') {
    const properties = schema.properties as Record<string, Record<string, unknown>>
    properties.changes = { ...properties.changes, items: changeSchema() }
  }
  return schema
}
