import type { ElementKey } from './element-key.ts'

/**
 * How a request names an element: the editor maps codebase ids to element objects (its element keys)
 * before sending; the server needs only the codebase id.
 */
export type ElementRef = Pick<ElementKey, 'codebaseId'> & Partial<Omit<ElementKey, 'codebaseId'>>

/** Header that carries the session token on every mutate request. */
export const TOKEN_HEADER = 'x-visual-edit-token'

/**
 * The editor page's address on the editor's origin (docs/SECURITY.md): the editor and the API live on
 * a port of their own, beside the app's dev server, where no script of the app can reach them.
 */
export const EDITOR_PATH = '/__visual-edit/'

/**
 * The session token reaches the editor out of band, in the fragment of the editor URL the CLI prints
 * and opens (`/__visual-edit/#token=...`): never sent to a server, dropped from the address bar at once.
 */
export const TOKEN_FRAGMENT_KEY = 'token'

/**
 * Gated POST (token, editor origin) answering where the app is served, for the editor's frame: its
 * port and base on the same host name the editor was opened with.
 */
export const PROJECT_PATH = '/__visual-edit/project'

export interface ProjectResponse {
  app: {
    /** The app's dev server port. */
    port: number
    /** Vite's `base` (`/` unless the project sets one), ending with `/`. */
    base: string
  }
  /**
   * Which project this is, for what the editor keeps per project (its panels' sizes): `id` a hash of
   * the project's root (the same folder gives the same id on every start, on any port; the path
   * itself is not sent), `name` the folder's name.
   */
  project: { id: string; name: string }
}

/** Largest request body the mutate server reads. */
export const MAX_BODY_BYTES = 256 * 1024

/** The bodies of the mutate routes are typed from their schemas: see MutateRequest in body-schemas.ts. */

/** Every mutate and activity route answers this on success. */
export interface MutateResponse {
  ok: true
  /** Files written, relative to the project root (posix). Empty when nothing changed. */
  files: string[]
  /** Codebase ids that changed, old -> new (structural edits), so a selection can follow its element. */
  prevIdToNewIdMap?: Record<string, string>
  /** Ids of the elements the edit created (added, duplicated, the wrapping div). */
  newCodebaseIds?: string[]
  /** An agent's request only (AUTHOR_HEADER): the unified diff of every file written, as `git diff` prints it. */
  diff?: string
  /** A message for the editor to show, e.g. 'Successfully added' when there was no instant update. */
  toast?: string
  /**
   * What the user should know about an edit that was made: a class written unchecked (a Tailwind
   * visual-edit cannot ask), an extra file left as it was because it already existed.
   */
  warnings?: string[]
}

/** Stable error codes of the mutate API, by HTTP status. */
export const MutateErrorCode = {
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  UNKNOWN_CHANGE_TYPE: 400,
  FORBIDDEN_TOKEN: 403,
  FORBIDDEN_ORIGIN: 403,
  FORBIDDEN_HOST: 403,
  FORBIDDEN_PEER: 403,
  NOT_FOUND: 404,
  UNKNOWN_ELEMENT: 404,
  METHOD_NOT_ALLOWED: 405,
  FILE_CHANGED: 409,
  STALE_ELEMENT: 409,
  TEXT_MISMATCH: 409,
  CLASSES_MISMATCH: 409,
  NOTHING_TO_UNDO: 409,
  NOTHING_TO_REDO: 409,
  /** An agent asked the editor page something, and no editor page of the project is open. */
  NO_EDITOR: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  FILE_NOT_EDITABLE: 422,
  EDIT_IMPOSSIBLE: 422,
  INVALID_VALUE: 422,
  /** CSS that would make the dev server load code or read outside the project (docs/SECURITY.md). */
  UNSAFE_CSS: 422,
  WRITE_FAILED: 500,
  INTERNAL: 500,
  /** The editor page did not answer an agent's question in time. */
  EDITOR_TIMEOUT: 504,
} as const
export type MutateErrorCode = keyof typeof MutateErrorCode

export interface MutateErrorResponse {
  error: { code: MutateErrorCode; message: string }
}
