/**
 * The session's React hooks, where the panels have always imported them from. They live in
 * session/session-context.tsx, below the canvas and the panels; import them from there.
 */
export { useEditorState, useSession } from '../session/session-context.tsx'
