import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Ban, CircleCheck, Mail, MoreVertical, Pencil } from 'lucide-react'
import { type ReactNode, useRef } from 'react'
import type { AdminUser } from '../../../lib/admin/admin-users.ts'

export type UserAction = 'edit' | 'message' | 'suspend' | 'activate'

interface UserActionsMenuProps {
  user: AdminUser
  /** The signed-in admin's own account: no Suspend or Activate (the database refuses it too). */
  isSelf: boolean
  onAction: (user: AdminUser, action: UserAction) => void
}

const ITEM =
  'flex cursor-default items-center gap-2 px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-blue-50 data-[highlighted]:text-blue-700'

function Item({
  icon,
  label,
  tone = 'text-gray-700',
  onSelect,
}: {
  icon: ReactNode
  label: string
  tone?: string
  onSelect: () => void
}) {
  return (
    <DropdownMenu.Item onSelect={onSelect} className={`${ITEM} ${tone}`}>
      {icon}
      {label}
    </DropdownMenu.Item>
  )
}

/**
 * A row's actions (spec: Edit User, Send Message, Suspend or Activate) in a Radix menu: it opens on
 * click, Enter, Space or ArrowDown, moves with the arrow keys and closes on Escape. A chosen action
 * runs once the menu has closed and focus is back on its button, so the dialog it opens finds the
 * button to return focus to.
 */
export function UserActionsMenu({ user, isSelf, onAction }: UserActionsMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null)
  const chosen = useRef<UserAction | null>(null)
  const choose = (action: UserAction) => () => {
    chosen.current = action
  }
  const inactive = user.status !== 'active'
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        ref={trigger}
        aria-label={`Actions for ${user.name || user.email}`}
        className="rounded-md p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none data-[state=open]:bg-gray-100"
      >
        <MoreVertical className="h-5 w-5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={16}
          onCloseAutoFocus={(event) => {
            const action = chosen.current
            chosen.current = null
            if (!action) return
            event.preventDefault()
            trigger.current?.focus()
            onAction(user, action)
          }}
          className="z-40 min-w-44 rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          <Item
            icon={<Pencil className="h-4 w-4" aria-hidden="true" />}
            label="Edit User"
            onSelect={choose('edit')}
          />
          <Item
            icon={<Mail className="h-4 w-4" aria-hidden="true" />}
            label="Send Message"
            onSelect={choose('message')}
          />
          {!isSelf &&
            (inactive ? (
              <Item
                icon={<CircleCheck className="h-4 w-4" aria-hidden="true" />}
                label="Activate"
                tone="text-green-700"
                onSelect={choose('activate')}
              />
            ) : (
              <Item
                icon={<Ban className="h-4 w-4" aria-hidden="true" />}
                label="Suspend"
                tone="text-red-700"
                onSelect={choose('suspend')}
              />
            ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
