import { type ApiRequest, BODY_LIMIT_BYTES, BodyError } from '../http/types.ts'
import { AuthError } from './errors.ts'

/** A request body as GoTrue decodes it: a JSON object whose fields are then read with the getters below. */
export type Body = Record<string, unknown>

const badJson = (reason: string) =>
  new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${reason}`)

/**
 * The JSON object of a request (an empty body is `{}`). Not JSON, or JSON that is not an object:
 * 400 bad_json, as GoTrue answers; over the body limit: 413 request_too_large.
 */
export async function readBody(req: ApiRequest): Promise<Body> {
  let value: unknown
  try {
    value = await req.json()
  } catch (error) {
    if (error instanceof BodyError && error.status === 413) {
      throw new AuthError(
        413,
        'request_too_large',
        `The request body is larger than ${BODY_LIMIT_BYTES} bytes (1 MiB), the most the auth server reads.`,
      )
    }
    throw badJson(error instanceof Error ? error.message : String(error))
  }
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw badJson('the body must be a JSON object')
  return value as Body
}

/** A string field; missing, null and '' are undefined; any other type is 400 bad_json (as Go's decoder). */
export function stringField(body: Body, key: string): string | undefined {
  const value = body[key]
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw badJson(`"${key}" must be a string`)
  return value
}

/** An object field; missing and null are undefined; any other type is 400 bad_json. */
export function objectField(body: Body, key: string): Body | undefined {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) throw badJson(`"${key}" must be an object`)
  return value as Body
}
