import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { homeFor, type Role } from '../../lib/auth/account.ts'
import { useAuth } from '../../lib/auth/context.ts'
import { PageFallback } from '../layout/SiteLayout.tsx'

interface RequireAuthProps {
  /** The roles let in; any signed-in user when absent. */
  roles?: readonly Role[]
  children: ReactNode
}

/**
 * The route guard (spec section 2): 'Loading...' while the session or the role is read; signed out
 * goes to /auth; a role not let in goes to the user's own dashboard (admins /admin, others
 * /dashboard). The role is the one read from the server, never the stored userRole flag.
 */
export function RequireAuth({ roles, children }: RequireAuthProps) {
  const { status, account } = useAuth()
  if (status === 'loading') return <PageFallback />
  if (!account) return <Navigate to="/auth" replace />
  if (roles && !roles.includes(account.role)) return <Navigate to={homeFor(account)} replace />
  return children
}
