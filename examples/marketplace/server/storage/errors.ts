import type { ApiResponse } from '../http/types.ts'

/**
 * A refusal as Supabase Storage words it (`{ statusCode, error, message }`), which storage-js turns into
 * a StorageApiError with that message and status.
 */
export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }

  toResponse(): ApiResponse {
    return {
      status: this.status,
      body: { statusCode: String(this.status), error: this.error, message: this.message },
    }
  }
}

export const notFound = (what = 'Object') => new StorageError(404, 'not_found', `${what} not found`)
