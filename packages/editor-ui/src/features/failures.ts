/** The reason a failure gives, as one line. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * For a failure the user need not act on (a call to the app's frame the next handshake or tree puts
 * right): logs what did not happen and why, so it is never silent.
 *
 *   bridge.call('setZoomPerc', 150).catch(logFailure("The app's outlines did not get the zoom"))
 *   -> console.warn("[visual-edit] The app's outlines did not get the zoom: The app is not connected")
 */
export const logFailure =
  (what: string) =>
  (error: unknown): void => {
    console.warn(`[visual-edit] ${what}: ${reasonOf(error)}`)
  }
