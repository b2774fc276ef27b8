import * as Tooltip from '@radix-ui/react-tooltip'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Group, Panel, Separator, useDefaultLayout, usePanelRef } from 'react-resizable-panels'
import type { ServerApi } from '../api/server-api.ts'
import { Canvas } from '../canvas/Canvas.tsx'
import type { ActionHost } from '../features/actions.ts'
import { InsertDragLayer } from '../panels/insert/InsertDragLayer.tsx'
import type { AppLocation } from '../session/app-location.ts'
import { EditorSession } from '../session/editor-session.ts'
import { SessionContext, useEditorState, useSession } from '../session/session-context.tsx'
import { LeftPanel } from './LeftPanel.tsx'
import { CommandPalette } from './palette/CommandPalette.tsx'
import { ShortcutsSheet } from './palette/ShortcutsSheet.tsx'
import { panelsStorageId } from './panels-storage.ts'
import { RightPanel } from './RightPanel.tsx'
import { SelectionMenu } from './SelectionMenu.tsx'
import { StatusBar } from './StatusBar.tsx'
import { Toasts } from './Toasts.tsx'
import { Toolbar } from './Toolbar.tsx'
import { useShortcuts } from './use-shortcuts.ts'

/** The 1 px line between panels, in the accent while it is hovered or dragged. */
const SEPARATOR =
  'w-px bg-[var(--line)] outline-none data-[separator=active]:bg-accent data-[separator=hover]:bg-accent'

/** Below this window width the side panels start collapsed. */
const NARROW_PX = 960

const prefersDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false

/**
 * The editor page (docs/EDITOR.md): toolbar, layers, canvas, element and styles panels, status bar; `api` holds the
 * session token, `app` is where the frame opens the app (session/Boot.tsx finds both).
 */
export function Editor({ api, app }: { api: ServerApi; app: AppLocation }) {
  const session = useMemo(
    () =>
      new EditorSession({
        width: Number(localStorage.getItem('visual-edit:width')) || 1280,
        dark: prefersDark(),
        api,
        app,
      }),
    [api, app],
  )
  return (
    <SessionContext.Provider value={session}>
      <Tooltip.Provider delayDuration={400}>
        <Layout />
      </Tooltip.Provider>
    </SessionContext.Provider>
  )
}

function Layout() {
  const session = useSession()
  const dark = useEditorState((state) => state.dark)
  const width = useEditorState((state) => state.width)
  useShortcuts()
  // Coding agents (`visual-edit mcp`) reach this page through the dev server while it is open.
  useEffect(() => {
    session.agent.start()
    return () => session.agent.stop()
  }, [session])
  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark)
  }, [dark])
  useEffect(() => {
    localStorage.setItem('visual-edit:width', String(width))
  }, [width])
  // The panels' sizes are the project's: another project on the same port has its own.
  const layout = useDefaultLayout({ id: panelsStorageId(session.app.projectId), storage: localStorage })
  const layersRef = usePanelRef()
  const elementRef = usePanelRef()
  const [open, setOpen] = useState({ layers: true, element: true })
  // On a narrow window a side panel opened from the toolbar may take most of it: at 40% of a phone's
  // 390 px its fields would be 150 px wide, under their own minimum.
  const [narrow] = useState(() => window.innerWidth < NARROW_PX)
  const sideMax = narrow ? '80' : '40'
  // A narrow window (a laptop split in two, a tablet) starts with the canvas alone; the toolbar opens the panels.
  useLayoutEffect(() => {
    if (!narrow) return
    layersRef.current?.collapse()
    elementRef.current?.collapse()
  }, [narrow, layersRef, elementRef])
  const toggle = (panel: 'layers' | 'element') => {
    const handle = (panel === 'layers' ? layersRef : elementRef).current
    if (handle?.isCollapsed()) handle.expand()
    else handle?.collapse()
  }
  // The palette's actions reach the panels through the latest `toggle`.
  const toggleRef = useRef(toggle)
  toggleRef.current = toggle
  const host = useMemo(() => actionHost(session, (panel) => toggleRef.current(panel)), [session])
  // Their shortcuts (Cmd/Ctrl+Alt+1 and 2), from the editor or the frame, reach them the same way.
  useEffect(() => session.registerPanels((panel) => toggleRef.current(panel)), [session])
  const track = (panel: 'layers' | 'element') => (size: { inPixels: number }) =>
    setOpen((now) => (now[panel] === size.inPixels > 0 ? now : { ...now, [panel]: size.inPixels > 0 }))

  return (
    <div className="flex h-full flex-col bg-[var(--chrome)] text-[var(--ink)]">
      <Toolbar panels={{ ...open, toggle }} />
      <Group
        orientation="horizontal"
        className="min-h-0 flex-1 border-y border-[var(--line)]"
        defaultLayout={layout.defaultLayout}
        onLayoutChanged={layout.onLayoutChanged}
      >
        <Panel
          id="layers"
          panelRef={layersRef}
          onResize={track('layers')}
          defaultSize={240}
          minSize={160}
          maxSize={sideMax}
          collapsible
          collapsedSize={0}
        >
          <LeftPanel />
        </Panel>
        <Separator className={SEPARATOR} />
        <Panel id="canvas" minSize={narrow ? '15' : '30'}>
          <Canvas />
        </Panel>
        <Separator className={SEPARATOR} />
        <Panel
          id="element"
          panelRef={elementRef}
          onResize={track('element')}
          defaultSize={280}
          minSize={200}
          maxSize={sideMax}
          collapsible
          collapsedSize={0}
        >
          <RightPanel />
        </Panel>
      </Group>
      <StatusBar />
      <SelectionMenu />
      <CommandPalette host={host} />
      <ShortcutsSheet />
      <InsertDragLayer />
      <Toasts />
    </div>
  )
}

/** What the palette's actions act on: the session, and the side panels the layout holds. */
function actionHost(session: EditorSession, togglePanel: ActionHost['togglePanel']): ActionHost {
  return {
    run: (command) => session.run(command),
    setWidth: (width) => session.setWidth(width),
    zoomToFit: () => session.zoomToFit(),
    setDrive: (drive) => session.setDrive(drive),
    setDark: (dark) => session.setDark(dark),
    setAi: (ai) => session.setAi(ai),
    navigate: (action) => session.navigate(action),
    togglePanel,
    get state() {
      return session.state
    },
  }
}
