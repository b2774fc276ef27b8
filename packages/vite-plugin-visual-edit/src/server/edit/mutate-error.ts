import { VisualEditError } from '../../protocol/errors.ts'
import { MutateErrorCode } from '../../protocol/mutate-api.ts'

/**
 * A refusal of the mutate server: a VisualEditError whose stable `code` gives the HTTP status, and a
 * message that names the problem and the fix. Messages never carry absolute paths or stacks; files are
 * named relative to the project root.
 */
export class MutateError extends VisualEditError<MutateErrorCode> {
  readonly status: number

  constructor(code: MutateErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(code, message, options)
    this.status = MutateErrorCode[code]
  }
}
