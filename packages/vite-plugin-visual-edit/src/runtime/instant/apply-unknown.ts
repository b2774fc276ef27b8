import { ProtocolErrorMessage } from '../../protocol/errors.ts'
import type { Applier } from './instant-applier.ts'

/**
 * UNKNOWN: nothing to show; the update fails ('Unsupported operation').
 *
 *   before:  <div class="card">
 *   after:   <div class="card">
 */
export const applyUnknown: Applier<'UNKNOWN'> = () => {
  throw new Error(ProtocolErrorMessage.UNSUPPORTED_OPERATION)
}
