import * as Tabs from '@radix-ui/react-tabs'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { AuthLoginFields } from '../components/auth/AuthLoginFields.tsx'
import { AuthRegisterFields } from '../components/auth/AuthRegisterFields.tsx'
import { AuthTabList } from '../components/auth/AuthTabList.tsx'
import type { Registration } from '../components/auth/EmailRegisterForm.tsx'
import type { AuthNotice } from '../components/auth/use-form-alert.ts'
import { homeFor } from '../lib/auth/account.ts'
import { useDocumentTitle } from '../lib/document-title.ts'

type AuthTab = 'login' | 'register'

/** What /auth/callback (and the route guard) may pass along in the history state. */
export interface AuthPageState {
  authError?: string
}

const PAGE_TABS = [
  { value: 'login', text: 'Login' },
  { value: 'register', text: 'Sign Up' },
] as const

/** /auth: Login and Sign Up tabs (?tab=register opens Sign Up). After login, admins go to /admin, others to /dashboard. */
export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login'
  const navigate = useNavigate()
  const location = useLocation()
  const [callbackError, setCallbackError] = useState(
    () => (location.state as AuthPageState | null)?.authError,
  )
  const [registration, setRegistration] = useState<Registration>()
  useDocumentTitle(tab === 'login' ? 'Login' : 'Sign Up')

  // Shown once: a reload does not bring the callback's error back.
  useEffect(() => {
    if (location.state) navigate({ search: location.search }, { replace: true, state: null })
  }, [location.state, location.search, navigate])

  const showTab = (next: AuthTab) =>
    setSearchParams(next === 'register' ? { tab: 'register' } : {}, { replace: true })
  // A tab the visitor picks starts clean: no callback error, no sign-up message.
  const chooseTab = (next: AuthTab) => {
    setCallbackError(undefined)
    setRegistration(undefined)
    showTab(next)
  }
  const registered = (done: Registration) => {
    setRegistration(done)
    showTab('login')
  }

  let notice: AuthNotice | undefined
  if (registration) notice = { tone: 'success', text: registration.message }
  else if (callbackError) notice = { tone: 'error', text: callbackError }

  return (
    <div className="mx-auto flex max-w-7xl justify-center px-4 py-12 lg:px-8">
      <div className="w-full max-w-md rounded-lg border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-gray-900">
          {tab === 'login' ? 'Welcome Back' : 'Create an Account'}
        </h1>
        <p className="mt-2 text-center text-sm text-gray-600">
          {tab === 'login'
            ? 'Log in to manage your listings and your plan.'
            : 'Join to post listings and reach buyers across the district.'}
        </p>
        <Tabs.Root value={tab} onValueChange={(value) => chooseTab(value as AuthTab)} className="mt-6">
          <AuthTabList label="Login or Sign Up" tabs={PAGE_TABS} />
          <Tabs.Content value="login" className="mt-6">
            <AuthLoginFields
              onSuccess={(account) => navigate(homeFor(account))}
              defaultEmail={registration?.email}
              notice={notice}
              showGoogle
            />
          </Tabs.Content>
          <Tabs.Content value="register" className="mt-6">
            <AuthRegisterFields allowAdmin onRegistered={registered} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </div>
  )
}
