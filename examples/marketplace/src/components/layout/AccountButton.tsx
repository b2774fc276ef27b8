import { ChevronDown, User } from 'lucide-react'
import type { ComponentPropsWithRef } from 'react'

interface AccountButtonProps extends ComponentPropsWithRef<'button'> {
  userName: string
}

/**
 * The signed-in account button of the header: the trigger of UserMenu, and what shows while the menu's
 * code loads (so the header does not shift when it arrives).
 */
export function AccountButton({ userName, ...props }: AccountButtonProps) {
  return (
    <button
      type="button"
      {...props}
      className="group flex items-center gap-2 rounded-full border border-gray-200 px-3 py-1.5 text-sm text-gray-700 outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 data-[state=open]:bg-gray-50"
    >
      <User className="h-4 w-4" aria-hidden="true" />
      <span>{userName || 'My Account'}</span>
      <ChevronDown
        className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180"
        aria-hidden="true"
      />
    </button>
  )
}
