import { authenticate } from './authenticate.ts'
import { json } from './responses.ts'
import type { Endpoint } from './services.ts'
import { userJson } from './users.ts'

/** GET /user: the signed-in user, as GoTrue's JSON. */
export const getUser: Endpoint = async (req, services) => {
  const { user } = await authenticate(req, services)
  return json(200, userJson(user))
}
