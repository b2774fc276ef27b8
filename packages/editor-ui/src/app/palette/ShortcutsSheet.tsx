import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { actionsByGroup } from '../../features/actions.ts'
import { isMac } from '../../features/commands.ts'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { BUTTON } from '../ui.tsx'
import { DIALOG_CONTENT, DIALOG_OVERLAY } from './CommandPalette.tsx'
import { Keys } from './PaletteView.tsx'
import { useReturnFocus } from './use-return-focus.ts'

/** The gestures that are no action of their own, shown under the actions. */
const gestures = (mac: boolean): readonly { title: string; keys: string }[] => [
  { title: 'Pan the canvas', keys: 'Space + drag' },
  { title: 'Zoom around the pointer', keys: `${mac ? '⌘' : 'Ctrl'} + wheel` },
  { title: 'Add a sibling to the selection', keys: 'Shift + click' },
  { title: 'Move in the layers', keys: '↑ ↓ ← →' },
]

/**
 * The shortcuts sheet (`?` when not typing, docs/EDITOR.md, Command palette): every action of the
 * editor by group with its shortcut as this platform writes it, from the same registry as the palette
 * (features/actions.ts), so a new action shows in both. A Radix dialog: Escape or the close button
 * closes it and gives the focus back.
 */
export function ShortcutsSheet() {
  const session = useSession()
  const open = useEditorState((state) => state.shortcutsOpen)
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root open={open} onOpenChange={(next) => session.setShortcutsOpen(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        <Dialog.Content
          className={`${DIALOG_CONTENT} flex max-h-[76vh] flex-col`}
          onCloseAutoFocus={returnFocus}
        >
          <header className="flex h-10 shrink-0 items-center justify-between border-[var(--line)] border-b pr-1.5 pl-3">
            <Dialog.Title className="font-semibold text-[13px]">Keyboard shortcuts</Dialog.Title>
            <Dialog.Close className={BUTTON} aria-label="Close">
              <X className="size-3.5" aria-hidden="true" />
            </Dialog.Close>
          </header>
          <Dialog.Description className="sr-only">
            Every action of the editor with its shortcut; the command palette runs any of them by name.
          </Dialog.Description>
          <div
            // Scrolls on a short window: the keyboard scrolls it too.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus (axe: scrollable-region-focusable)
            tabIndex={0}
            className="min-h-0 columns-2 gap-6 overflow-y-auto px-3 py-2 outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset max-[560px]:columns-1"
          >
            {actionsByGroup().map(({ group, actions }) => (
              <section key={group} className="mb-3 break-inside-avoid">
                <h3 className="py-1 font-semibold text-[11px] text-[var(--ink-3)]">{group}</h3>
                <ul>
                  {actions.map(({ action, shortcut }) => (
                    <li key={action.id} className="flex h-6 items-center gap-2 text-[12px]">
                      <span className="min-w-0 truncate">{action.title}</span>
                      {shortcut ? <Keys shortcut={shortcut} /> : null}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <section className="mb-3 break-inside-avoid">
              <h3 className="py-1 font-semibold text-[11px] text-[var(--ink-3)]">Gestures</h3>
              <ul>
                {gestures(isMac()).map((gesture) => (
                  <li key={gesture.title} className="flex h-6 items-center gap-2 text-[12px]">
                    <span className="min-w-0 truncate">{gesture.title}</span>
                    <Keys shortcut={gesture.keys} />
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
