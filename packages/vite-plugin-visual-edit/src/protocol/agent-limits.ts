/**
 * What the page's inspector draws of an element for a coding agent (protocol/agent.ts), apart from the
 * bridge's schemas: the inspector's capture chunk imports only this, so no page pays for more.
 */

/** outerHTML of a selected element past which it is cut (an agent reads it; a page's body can be megabytes). */
export const MAX_AGENT_HTML_CHARS = 20_000
/** The longer side of a selected element's PNG, in pixels. */
export const AGENT_PNG_MAX_SIDE = 1000

/** What the page's inspector draws of an element for an agent (callable `captureElement`). */
export interface CapturedElement {
  outerHTML: string | null
  /** `data:image/png;base64,...`; null when it could not be drawn (`pngError` says why). */
  png: string | null
  pngError?: string
}
