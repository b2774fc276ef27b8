/**
 * The signed-in flags the header reads from browser storage (isLoggedIn, userName,
 * userId, userRole). Authentication writes them; until a user signs in they are absent.
 */
export interface StoredSession {
  isLoggedIn: boolean
  userName: string
  userId: string
  userRole: string
}

export const SESSION_KEYS = ['isLoggedIn', 'userName', 'userId', 'userRole'] as const
export const SESSION_CHANGED_EVENT = 'marketplace:session-changed'

export function readStoredSession(storage: Storage = localStorage): StoredSession {
  return {
    isLoggedIn: storage.getItem('isLoggedIn') === 'true',
    userName: storage.getItem('userName') ?? '',
    userId: storage.getItem('userId') ?? '',
    userRole: storage.getItem('userRole') ?? '',
  }
}

/** Writes all four flags (after a sign-in resolved the user's role and name). */
export function writeStoredSession(session: StoredSession, storage: Storage = localStorage): void {
  storage.setItem('isLoggedIn', String(session.isLoggedIn))
  storage.setItem('userName', session.userName)
  storage.setItem('userId', session.userId)
  storage.setItem('userRole', session.userRole)
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CHANGED_EVENT))
}

export function clearStoredSession(storage: Storage = localStorage): void {
  for (const key of SESSION_KEYS) storage.removeItem(key)
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CHANGED_EVENT))
}
