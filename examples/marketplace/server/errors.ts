/** Why the backend cannot start, with what to do about it. Printed without a stack by the CLI and the Vite plugin. */
export type BackendErrorCode =
  | 'PORT_IN_USE'
  | 'DATA_DIR_NEWER_SCHEMA'
  | 'DATA_DIR_CORRUPT'
  | 'MIGRATION_CHANGED'
  | 'MIGRATION_FAILED'
  | 'CONFIG_INVALID'
  | 'DATA_DIR_SERVED'
  | 'DATA_DIR_MOVE_FAILED'
  | 'DATABASE_UNREACHABLE'
  | 'DATABASE_PRIVILEGES'

export class BackendError extends Error {
  constructor(
    readonly code: BackendErrorCode,
    message: string,
  ) {
    super(`[${code}] ${message}`)
    this.name = 'BackendError'
  }
}
