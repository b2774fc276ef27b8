import type { MutateResponse } from '../../protocol/mutate-api.ts'
import type { MutationServices } from '../edit/mutation.ts'

/** One mutate route: validates its body, then runs its edit through `runEdit`. */
export type Operation = (
  body: unknown,
  services: MutationServices,
  canvasId: string,
) => Promise<MutateResponse>
