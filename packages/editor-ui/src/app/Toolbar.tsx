import { useSelector } from '@xstate/react'
import {
  ArrowLeft,
  ArrowRight,
  Moon,
  MousePointer2,
  PanelLeft,
  PanelRight,
  Play,
  Redo2,
  RotateCw,
  Search,
  Sparkles,
  Sun,
  Undo2,
} from 'lucide-react'
import { useRef, useState, useSyncExternalStore } from 'react'
import { shortcutOf } from '../features/commands.ts'
import { WIDTH_PRESETS, ZOOM_STEPS } from '../features/zoom.ts'
import { useEditorState, useSession } from '../session/session-context.tsx'
import { AddFrameMenu } from './AddFrameMenu.tsx'
import { BUTTON, IconButton } from './ui.tsx'

export interface PanelToggles {
  layers: boolean
  element: boolean
  toggle: (panel: 'layers' | 'element') => void
}

/**
 * The top bar: the side panels, address and navigation, viewport width, zoom, edit/drive, AI context,
 * undo/redo, theme. It scrolls sideways rather than wrap when the window is narrow.
 */
export function Toolbar({ panels }: { panels: PanelToggles }) {
  const session = useSession()
  const href = useEditorState((state) => state.href)
  const width = useEditorState((state) => state.width)
  const zoom = useEditorState((state) => state.zoom)
  const fit = useEditorState((state) => state.fit)
  const drive = useSelector(session.selection, (snapshot) => snapshot.matches('drive'))
  const ai = useEditorState((state) => state.ai)
  const dark = useEditorState((state) => state.dark)
  const history = useSyncExternalStore(session.ledger.subscribe.bind(session.ledger), () =>
    session.ledger.canUndo ? (session.ledger.canRedo ? 3 : 1) : session.ledger.canRedo ? 2 : 0,
  )
  const [customWidth, setCustomWidth] = useState<string | null>(null)
  const escaped = useRef(false)
  // Before the app's first report the address is empty, which is no URL: shown as it is.
  const url = URL.canParse(href) ? new URL(href) : null
  const path = url ? `${url.pathname}${url.search}${url.hash}` : href

  return (
    <header className="flex h-10 shrink-0 items-center gap-1 overflow-x-auto px-2 [scrollbar-width:none]">
      <span className="mr-1 flex shrink-0 items-center gap-1.5 font-semibold text-[12px]">
        <span className="inline-block size-3 rounded-sm bg-accent" aria-hidden="true" />
        visual-edit
      </span>
      <IconButton label="Layers panel" aria-pressed={panels.layers} onClick={() => panels.toggle('layers')}>
        <PanelLeft className="size-3.5" />
      </IconButton>
      <IconButton label="Back" onClick={() => session.navigate('goBack')}>
        <ArrowLeft className="size-3.5" />
      </IconButton>
      <IconButton label="Forward" onClick={() => session.navigate('goForward')}>
        <ArrowRight className="size-3.5" />
      </IconButton>
      <IconButton label="Reload the app" onClick={() => session.navigate('refresh')}>
        <RotateCw className="size-3.5" />
      </IconButton>
      <output
        aria-label="Address of the app"
        className="mx-1 h-7 min-w-24 max-w-96 flex-1 truncate rounded border border-[var(--line)] bg-[var(--chrome-2)] px-2 leading-7 text-[var(--ink-2)]"
      >
        {path || '/'}
      </output>

      <fieldset className="ml-auto flex shrink-0 items-center gap-1 border-0 p-0" aria-label="Viewport width">
        {WIDTH_PRESETS.map((preset) => (
          <button
            key={preset.width}
            type="button"
            className={BUTTON}
            aria-pressed={width === preset.width}
            title={`${preset.label}, ${preset.width} px`}
            onClick={() => session.setWidth(preset.width)}
          >
            {preset.width}
          </button>
        ))}
        <label className="flex h-7 items-center rounded border border-[var(--line)] bg-[var(--chrome-2)] pl-1.5 text-[var(--ink-3)] focus-within:ring-2 focus-within:ring-accent">
          W
          <input
            aria-label="Viewport width in pixels"
            inputMode="numeric"
            className="h-full w-12 bg-transparent px-1 text-right text-[var(--ink)] outline-none"
            value={customWidth ?? String(width)}
            onChange={(event) => setCustomWidth(event.target.value)}
            onBlur={() => {
              const asked = Number(customWidth)
              if (!escaped.current && customWidth !== null && Number.isFinite(asked) && asked > 0)
                session.setWidth(asked)
              escaped.current = false
              setCustomWidth(null)
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.currentTarget.blur()
              if (event.key === 'Escape') {
                // The blur below must not apply what was typed.
                escaped.current = true
                event.currentTarget.blur()
              }
            }}
          />
        </label>
        <select
          aria-label="Zoom"
          title="Zoom (Ctrl/Cmd + wheel, Ctrl/Cmd + = and -, Ctrl/Cmd + 0 for 100%)"
          className="h-7 rounded border border-[var(--line)] bg-[var(--chrome-2)] px-1 outline-none focus-visible:ring-2 focus-visible:ring-accent"
          value={
            fit ? 'fit' : ZOOM_STEPS.includes(zoom as (typeof ZOOM_STEPS)[number]) ? String(zoom) : 'custom'
          }
          onChange={(event) => {
            if (event.target.value === 'fit') session.zoomToFit()
            else session.setZoom(Number(event.target.value))
          }}
        >
          <option value="fit">Fit ({zoom}%)</option>
          {fit || ZOOM_STEPS.includes(zoom as (typeof ZOOM_STEPS)[number]) ? null : (
            <option value="custom">{zoom}%</option>
          )}
          {ZOOM_STEPS.map((step) => (
            <option key={step} value={step}>
              {step}%
            </option>
          ))}
        </select>
        <AddFrameMenu />
      </fieldset>

      <div className="ml-2 flex shrink-0 items-center gap-1 border-l border-[var(--line)] pl-2">
        <fieldset aria-label="Mode" className="flex rounded border border-[var(--line)] p-0.5">
          <button
            type="button"
            aria-pressed={!drive}
            title="Edit: select and change elements"
            className={`${BUTTON} h-6`}
            onClick={() => void session.setDrive(false)}
          >
            <MousePointer2 className="size-3.5" aria-hidden="true" /> Edit
          </button>
          <button
            type="button"
            aria-pressed={drive}
            title="Drive: use the app; clicks and keys reach it"
            className={`${BUTTON} h-6`}
            onClick={() => void session.setDrive(true)}
          >
            <Play className="size-3.5" aria-hidden="true" /> Drive
          </button>
        </fieldset>
        <IconButton label="AI context" aria-pressed={ai} onClick={() => session.setAi(!ai)}>
          <Sparkles className="size-3.5" />
        </IconButton>
        <IconButton
          label="Undo"
          shortcut={shortcutOf('undo') ?? undefined}
          disabled={!(history & 1)}
          onClick={() => void session.run('undo')}
        >
          <Undo2 className="size-3.5" />
        </IconButton>
        <IconButton
          label="Redo"
          shortcut={shortcutOf('redo') ?? undefined}
          disabled={!(history & 2)}
          onClick={() => void session.run('redo')}
        >
          <Redo2 className="size-3.5" />
        </IconButton>
        <IconButton
          label="Element panel"
          aria-pressed={panels.element}
          onClick={() => panels.toggle('element')}
        >
          <PanelRight className="size-3.5" />
        </IconButton>
        <IconButton
          label="Command palette"
          shortcut={shortcutOf('palette') ?? undefined}
          onClick={() => session.setPaletteOpen(true)}
        >
          <Search className="size-3.5" />
        </IconButton>
        <IconButton label={dark ? 'Light theme' : 'Dark theme'} onClick={() => session.setDark(!dark)}>
          {dark ? <Sun className="size-3.5" /> : <Moon className="size-3.5" />}
        </IconButton>
      </div>
    </header>
  )
}
