import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useSelector } from '@xstate/react'
import { useRef, useState } from 'react'
import { type Command, shortcutOf } from '../features/commands.ts'
import { useEditorState, useSession } from '../session/session-context.tsx'
import { ChangeTagPopover } from './ChangeTagPopover.tsx'

const ITEMS: { command: Command; label: string }[] = [
  { command: 'editText', label: 'Edit text' },
  { command: 'duplicate', label: 'Duplicate' },
  { command: 'wrap', label: 'Wrap in div' },
  { command: 'copyForAgent', label: 'Copy for agent' },
  { command: 'escape', label: 'Select parent' },
  { command: 'delete', label: 'Delete' },
]

const ITEM =
  'group flex h-7 cursor-default items-center justify-between gap-6 rounded px-2 text-[12px] outline-none data-[disabled]:opacity-40 data-[highlighted]:bg-[#1d6ad1] data-[highlighted]:text-white'

/**
 * The selection's context menu, opened where the user right-clicked (in the frame, relayed by the
 * inspector, or on a layer). Radix gives it keyboard navigation, Escape and outside click. 'Change
 * tag…' (one element selected) opens the Change tag list where the menu was.
 */
export function SelectionMenu() {
  const session = useSession()
  const at = useEditorState((state) => state.contextMenu)
  const selected = useSelector(session.selection, (snapshot) => snapshot.context.selected.length)
  const [tagAt, setTagAt] = useState<{ x: number; y: number } | null>(null)
  // 'Change tag…' opens its list once the menu has closed, so the menu's focus return cannot take the focus from it.
  const pendingTag = useRef<{ x: number; y: number } | null>(null)
  return (
    <>
      <DropdownMenu.Root
        open={at !== null}
        onOpenChange={(open) => {
          if (!open) session.closeContextMenu()
        }}
      >
        <DropdownMenu.Trigger asChild>
          <span
            aria-hidden="true"
            className="pointer-events-none fixed size-0"
            style={{ left: at?.x ?? 0, top: at?.y ?? 0 }}
          />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={2}
            collisionPadding={8}
            // The Change tag list takes the focus when it opens from here; else it goes back where it was.
            onCloseAutoFocus={(event) => {
              const at = pendingTag.current
              if (!at) return
              pendingTag.current = null
              event.preventDefault()
              setTagAt(at)
            }}
            className="z-50 min-w-48 rounded-md border border-[var(--line)] bg-[var(--chrome)] p-1 text-[var(--ink)] shadow-lg"
          >
            {ITEMS.map((item) => (
              <DropdownMenu.Item
                key={item.command}
                disabled={selected === 0 || (item.command === 'editText' && selected !== 1)}
                className={`${ITEM} ${item.command === 'delete' ? 'text-red-600 data-[highlighted]:bg-red-600 dark:text-red-400' : ''}`}
                onSelect={() => void session.run(item.command)}
              >
                {item.label}
                <span className="text-[11px] text-[var(--ink-3)] group-data-[highlighted]:text-white">
                  {shortcutOf(item.command)}
                </span>
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Item
              disabled={selected !== 1}
              className={ITEM}
              onSelect={() => {
                pendingTag.current = at
              }}
            >
              Change tag…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ChangeTagPopover at={tagAt} onClose={() => setTagAt(null)} />
    </>
  )
}
