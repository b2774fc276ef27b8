import type * as v from 'valibot'
import { ProtocolErrorMessage } from './errors.ts'

/**
 * Messages for failed parses of the schemas in this folder, one sentence that names the field and what
 * it must be, so a client author can fix a request or a change from the message alone. The schemas'
 * messages say what a value must be (schema-fields.ts); a fixed text of the protocol is given as it is.
 */

const FIXED_TEXTS: ReadonlySet<string> = new Set(Object.values(ProtocolErrorMessage))

/** `reactElements[0].codebaseId`, `styling.color`. */
function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = ''
  for (const item of issue.path ?? []) {
    const key = String(item.key)
    if (item.type === 'array') path += `[${key}]`
    else path += path === '' ? key : `.${key}`
  }
  return path
}

interface SchemaNode {
  message?: unknown
  pipe?: readonly SchemaNode[]
  entries?: Record<string, SchemaNode>
  item?: SchemaNode
  wrapped?: SchemaNode
}

/**
 * What the field an issue points at must be. Valibot reports a missing key with the message of the
 * object that lacks it, so for that one the field's own schema is looked up along the path.
 */
function expectedOf(schema: v.GenericSchema, issue: v.BaseIssue<unknown>): string {
  const missing = issue.type === 'object' && issue.received === 'undefined' && (issue.path?.length ?? 0) > 0
  if (!missing) return issue.message
  let node: SchemaNode | undefined = schema as SchemaNode
  for (const item of issue.path ?? []) {
    while (node?.pipe || node?.wrapped) node = node.pipe ? node.pipe[0] : node.wrapped
    node = item.type === 'array' ? node?.item : node?.entries?.[String(item.key)]
  }
  while (node?.pipe || node?.wrapped) node = node.pipe ? node.pipe[0] : node.wrapped
  return typeof node?.message === 'string' ? node.message : 'present'
}

/**
 * `<operation>: <field> must be <what>.`; a check of the whole body: `<operation>: <what>.`; a body
 * that is no object: `The body of <operation> must be a JSON object.`
 */
export function bodyIssueMessage(
  operation: string,
  schema: v.GenericSchema,
  issue: v.BaseIssue<unknown>,
): string {
  if (FIXED_TEXTS.has(issue.message)) return issue.message
  const path = issuePath(issue)
  if (path !== '') return `${operation}: ${path} must be ${expectedOf(schema, issue)}.`
  return issue.kind === 'schema'
    ? `The body of ${operation} must be ${issue.message}.`
    : `${operation}: ${issue.message}.`
}

/** `<TYPE>.<field> must be <what>`, as the editor's ledger reports a change it cannot take. */
export function changeIssueMessage(
  type: string,
  schema: v.GenericSchema,
  issue: v.BaseIssue<unknown>,
): string {
  if (FIXED_TEXTS.has(issue.message)) return issue.message
  const path = issuePath(issue)
  const missing = issue.type === 'object' && issue.received === 'undefined' && path !== ''
  if (missing) return `${type}.${path} must be present`
  return path === '' ? `${type} ${issue.message}` : `${type}.${path} must be ${expectedOf(schema, issue)}`
}
