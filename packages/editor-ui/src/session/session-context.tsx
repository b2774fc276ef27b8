import { createContext, useContext, useSyncExternalStore } from 'react'
import type { EditorSession } from './editor-session.ts'
import type { EditorState } from './editor-state.ts'

export const SessionContext = createContext<EditorSession | null>(null)

export function useSession(): EditorSession {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession() outside <SessionContext.Provider>')
  return session
}

/** A slice of the editor's state; the component re-renders when that slice changes. */
export function useEditorState<T>(select: (state: EditorState) => T): T {
  const session = useSession()
  return useSyncExternalStore(session.subscribe, () => select(session.state))
}
