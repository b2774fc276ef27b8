import type { MutateBody } from '../../protocol/body-schemas.ts'
import type { MutateResponse } from '../../protocol/mutate-api.ts'
import type { MutateOperation } from '../../protocol/mutate-routes.ts'
import type { MutationServices } from '../edit/mutation.ts'

/** One mutate route: its body already parsed with the route's schema, it runs its edit through `runEdit`. */
export type Operation<Name extends MutateOperation> = (
  body: MutateBody<Name>,
  services: MutationServices,
  canvasId: string,
) => Promise<MutateResponse>
