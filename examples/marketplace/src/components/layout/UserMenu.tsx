import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { LayoutDashboard, List, LogOut, Settings } from 'lucide-react'
import { useRef } from 'react'
import { Link } from 'react-router-dom'
import { AccountButton } from './AccountButton.tsx'

interface UserMenuProps {
  userName: string
  isAdmin: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
  onLogout: () => void
}

/**
 * The signed-in account menu of wide screens (small screens have these actions in the mobile menu).
 * Radix opens it on click, Enter, Space and ArrowDown, moves between items with the arrow keys, and
 * closes it on Escape, an outside click or a chosen item, giving focus back to the trigger. That focus
 * shows the trigger's ring only when the menu was last used with the keyboard (Chrome would show it
 * after a mouse click too, Radix moving focus by script).
 */
/** Loaded on demand (Header): only signed-in visitors on wide screens need Radix's menu. */
export default function UserMenu({ userName, isAdmin, open, onOpenChange, onLogout }: UserMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null)
  const usedPointer = useRef(false)
  const pointerUsed = () => {
    usedPointer.current = true
  }
  const keyboardUsed = () => {
    usedPointer.current = false
  }

  return (
    <div className="hidden md:block">
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
        <DropdownMenu.Trigger asChild>
          <AccountButton
            ref={triggerRef}
            userName={userName}
            onPointerDown={pointerUsed}
            onKeyDown={keyboardUsed}
          />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            collisionPadding={16}
            onPointerDown={pointerUsed}
            onPointerDownOutside={pointerUsed}
            onKeyDown={keyboardUsed}
            onEscapeKeyDown={keyboardUsed}
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              triggerRef.current?.focus({ focusVisible: !usedPointer.current })
            }}
            className="z-50 w-56 rounded-md border border-gray-200 bg-white py-1 shadow-lg outline-none"
          >
            {isAdmin ? (
              <DropdownMenu.Item asChild>
                <Link
                  to="/admin"
                  className="flex items-center gap-2 px-4 py-2 text-sm text-gray-700 outline-none hover:bg-gray-50 data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-700"
                >
                  <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
                  Admin Dashboard
                </Link>
              </DropdownMenu.Item>
            ) : (
              <>
                <DropdownMenu.Item asChild>
                  <Link
                    to="/dashboard"
                    className="flex items-center gap-2 px-4 py-2 text-sm text-gray-700 outline-none hover:bg-gray-50 data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-700"
                  >
                    <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
                    My Dashboard
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild>
                  <Link
                    to="/dashboard"
                    className="flex items-center gap-2 px-4 py-2 text-sm text-gray-700 outline-none hover:bg-gray-50 data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-700"
                  >
                    <List className="h-4 w-4" aria-hidden="true" />
                    My Listings
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild>
                  <Link
                    to="/dashboard?tab=profile"
                    className="flex items-center gap-2 px-4 py-2 text-sm text-gray-700 outline-none hover:bg-gray-50 data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-700"
                  >
                    <Settings className="h-4 w-4" aria-hidden="true" />
                    Settings
                  </Link>
                </DropdownMenu.Item>
              </>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-gray-100" />
            <DropdownMenu.Item asChild onSelect={onLogout}>
              <button
                type="button"
                className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-red-600 outline-none hover:bg-red-50 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700"
              >
                <LogOut className="h-4 w-4" aria-hidden="true" />
                Logout
              </button>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  )
}
