import * as v from 'valibot'
import { MUTATE_BODY_SCHEMAS, type MutateBody } from '../../protocol/body-schemas.ts'
import type { MutateOperation } from '../../protocol/mutate-routes.ts'
import { bodyIssueMessage } from '../../protocol/schema-issues.ts'
import { MutateError } from '../edit/mutate-error.ts'

/**
 * A mutate request's body, parsed with its route's schema (protocol/body-schemas.ts, the one the
 * editor builds requests with). The first problem is a 400 that names the field and what it must be,
 * so a client author can fix the request from the message alone.
 */
export function parseBody<Name extends MutateOperation>(operation: Name, raw: unknown): MutateBody<Name> {
  const schema = MUTATE_BODY_SCHEMAS[operation]
  const parsed = v.safeParse(schema, raw, { abortEarly: true })
  if (parsed.success) return parsed.output as MutateBody<Name>
  throw new MutateError('BAD_REQUEST', bodyIssueMessage(operation, schema, parsed.issues[0]))
}
