import * as Dialog from '@radix-ui/react-dialog'
import * as Tabs from '@radix-ui/react-tabs'
import { X } from 'lucide-react'
import { type RefObject, useState } from 'react'
import { Link } from 'react-router-dom'
import { AuthLoginFields } from './AuthLoginFields.tsx'
import { type AuthMethod, AuthMethodSwitch } from './AuthMethodSwitch.tsx'
import { AuthRegisterFields } from './AuthRegisterFields.tsx'
import { AuthTabList } from './AuthTabList.tsx'
import type { Registration } from './EmailRegisterForm.tsx'

interface AuthPromptDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opened the dialog gets focus back when it closes. */
  returnFocusRef: RefObject<HTMLElement | null>
}

const DIALOG_TABS = [
  { value: 'login', text: 'Login' },
  { value: 'register', text: 'Register' },
] as const

type DialogTab = 'login' | 'register'

/**
 * Login / Register prompt for contacting a seller while logged out: the /auth page's forms (e-mail;
 * phone and social say they are not on this server). A login closes it and the visitor stays on the
 * listing; a sign-up switches to Login after its message.
 */
export function AuthPromptDialog({ open, onOpenChange, returnFocusRef }: AuthPromptDialogProps) {
  const [method, setMethod] = useState<AuthMethod>('email')
  const [tab, setTab] = useState<DialogTab>('login')
  const [registration, setRegistration] = useState<Registration>()
  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setMethod('email')
      setTab('login')
      setRegistration(undefined)
    }
    onOpenChange(next)
  }
  const close = () => handleOpenChange(false)
  const registered = (done: Registration) => {
    setRegistration(done)
    setTab('login')
  }

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!returnFocusRef.current) return
            event.preventDefault()
            returnFocusRef.current.focus()
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-gray-900">Login or Register</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-gray-600">
                You need an account to contact the seller.
              </Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close" className="rounded-md p-1 text-gray-500 hover:bg-gray-100">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as DialogTab)} className="mt-4">
            <AuthTabList label="Login or Register" tabs={DIALOG_TABS} />
            <div className="mt-4">
              <AuthMethodSwitch method={method} onChange={setMethod} />
            </div>
            <Tabs.Content value="login" className="mt-4">
              <AuthLoginFields
                method={method}
                onSuccess={close}
                defaultEmail={registration?.email}
                notice={registration && { tone: 'success', text: registration.message }}
              />
            </Tabs.Content>
            <Tabs.Content value="register" className="mt-4">
              <AuthRegisterFields method={method} onRegistered={registered} onLeave={close} />
            </Tabs.Content>
          </Tabs.Root>

          <p className="mt-6 text-center text-xs text-gray-500">
            By continuing, you agree to our{' '}
            <Link to="/terms" onClick={close} className="text-blue-700 hover:underline">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" onClick={close} className="text-blue-700 hover:underline">
              Privacy Policy
            </Link>
            .
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
