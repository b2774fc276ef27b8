import { MutateErrorCode } from '../../protocol/mutate-api.ts'

/**
 * A refusal of the mutate server: an HTTP status from the stable `code`, and a message that names the
 * problem and the fix. Messages never carry absolute paths or stacks; files are named relative to the
 * project root.
 */
export class MutateError extends Error {
  override name = 'MutateError'
  readonly code: MutateErrorCode
  readonly status: number

  constructor(code: MutateErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.code = code
    this.status = MutateErrorCode[code]
  }
}
