import * as Dialog from '@radix-ui/react-dialog'
import { useMemo } from 'react'
import { type ActionHost, EDITOR_ACTIONS } from '../../features/actions.ts'
import { shortcutOf } from '../../features/commands.ts'
import { actionEntries, elementEntries, routeEntries } from '../../features/palette-index.ts'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { PaletteView } from './PaletteView.tsx'
import { useReturnFocus } from './use-return-focus.ts'

/** The dialogs' surface: centred near the top, as in design tools; nothing behind it moves. */
export const DIALOG_CONTENT =
  'fixed top-[12vh] left-1/2 z-50 w-[min(600px,calc(100vw-32px))] -translate-x-1/2 overflow-hidden rounded-md border border-[var(--line)] bg-[var(--chrome)] text-[var(--ink)] shadow-xl outline-none'
export const DIALOG_OVERLAY = 'fixed inset-0 z-40 bg-black/25'

/**
 * The command palette (Cmd/Ctrl+K, docs/EDITOR.md, Command palette): a Radix dialog around
 * PaletteView. Its entries are made only while it is open: the actions (features/actions.ts), every
 * element of the page's tree, the addresses visited this session and the routes the code declares.
 * Choosing closes it (Radix gives the focus back to where it was, the frame included) and then acts:
 * an action runs, an element is selected (the layers open to it and scroll it into view, the canvas
 * outlines it), an address opens in the frame.
 */
export function CommandPalette({ host }: { host: ActionHost }) {
  const session = useSession()
  const open = useEditorState((state) => state.paletteOpen)
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root open={open} onOpenChange={(next) => session.setPaletteOpen(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        <Dialog.Content
          className={DIALOG_CONTENT}
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
        >
          <Dialog.Title className="sr-only">Command palette</Dialog.Title>
          <PaletteBody host={host} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function PaletteBody({ host }: { host: ActionHost }) {
  const session = useSession()
  const nodes = useEditorState((state) => state.nodes)
  const lookups = useEditorState((state) => state.lookups)
  const visited = useEditorState((state) => state.visited)
  const declared = useEditorState((state) => state.declaredRoutes)
  const routesError = useEditorState((state) => state.declaredRoutesError)
  const actions = useMemo(
    () => actionEntries(EDITOR_ACTIONS, (action) => (action.command ? shortcutOf(action.command) : null)),
    [],
  )
  const elements = useMemo(() => elementEntries(nodes, lookups), [nodes, lookups])
  const routes = useMemo(() => {
    const origin = session.app.origin
    const paths = visited.flatMap((href) => {
      const url = URL.canParse(href) ? new URL(href) : null
      return url && url.origin === origin ? [`${url.pathname}${url.search}${url.hash}`] : []
    })
    return routeEntries(paths, declared ?? [])
  }, [session, visited, declared])
  const close = () => session.setPaletteOpen(false)
  return (
    <PaletteView
      actions={actions}
      elements={elements}
      routes={routes}
      notice={routesError ?? (declared === null ? 'Reading the app’s routes…' : null)}
      onAction={(entry) => {
        close()
        void entry.action.run(host)
      }}
      onElement={(entry) => {
        close()
        void session.jumpTo(entry.key)
      }}
      onAddress={(path) => {
        close()
        session.openAddress(path)
      }}
    />
  )
}
