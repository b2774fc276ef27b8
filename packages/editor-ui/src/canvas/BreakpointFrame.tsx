import { useSelector } from '@xstate/react'
import { X } from 'lucide-react'
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react'
import type { FrameConnection } from '../features/frame-connection.ts'
import { type FrameSpec, frameLabelName } from '../features/frames-model.ts'
import { useSession } from '../session/session-context.tsx'
import { APP_PERMISSIONS, APP_SANDBOX } from './frame-sandbox.ts'

/** A small control of the frames' header rows (11 px text, 20 px high: the label row above a frame). */
const SMALL =
  'inline-flex h-5 min-w-5 items-center justify-center rounded text-[var(--ink-3)] outline-none hover:bg-[var(--hover)] hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent'

/**
 * One extra breakpoint frame: the app at its own width, beside the primary at the same zoom and
 * height. Above it its breakpoint name, its width (a field: Enter or blur applies, Escape puts it
 * back) and a remove button; its right edge is a handle that resizes it (arrows by 1 px, Shift by 10).
 * The app's address is the primary's (features/frames.ts), loaded without the session token.
 */
export function BreakpointFrame({
  frame,
  connection,
  scale,
  height,
}: {
  frame: FrameSpec
  connection: FrameConnection
  scale: number
  height: number
}) {
  const session = useSession()
  const state = useSelector(connection.actor, (snapshot) => snapshot.value)
  const error = useSelector(connection.actor, (snapshot) => snapshot.context.error)
  const [typed, setTyped] = useState<string | null>(null)
  const escaped = useRef(false)
  const [src] = useState(() => session.frames.src)
  const label = frameLabelName(frame.width)
  const shown = typed ?? String(frame.width)

  const resize = (event: ReactPointerEvent<HTMLDivElement>) => {
    const startX = event.clientX
    const startWidth = frame.width
    const handle = event.currentTarget
    handle.setPointerCapture(event.pointerId)
    const move = (moveEvent: PointerEvent) =>
      session.frames.resize(frame.id, startWidth + (moveEvent.clientX - startX) / scale)
    const up = () => {
      handle.removeEventListener('pointermove', move)
      handle.removeEventListener('pointerup', up)
    }
    handle.addEventListener('pointermove', move)
    handle.addEventListener('pointerup', up)
  }

  const apply = (value: string | null) => {
    const asked = Number(value)
    if (!escaped.current && value !== null && value.trim() !== '' && Number.isFinite(asked))
      session.frames.resize(frame.id, asked)
    escaped.current = false
    setTyped(null)
  }

  return (
    <div data-frame="" data-frame-id={frame.id} style={{ width: frame.width * scale }}>
      <div className="mb-1.5 flex h-5 items-center gap-1 whitespace-nowrap text-[11px] text-[var(--ink-3)]">
        {label ? <span className="shrink-0 font-medium text-[var(--ink-2)]">{label}</span> : null}
        <input
          aria-label={`Width of the ${frame.id} frame in pixels`}
          inputMode="numeric"
          style={{ width: `calc(${Math.max(3, shown.length)}ch + 8px)` }}
          className="h-5 shrink-0 rounded border border-transparent bg-transparent px-1 text-right text-[var(--ink-2)] tabular-nums outline-none hover:border-[var(--line)] focus-visible:border-[var(--line)] focus-visible:ring-2 focus-visible:ring-accent"
          value={shown}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => apply(typed)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur()
            if (event.key === 'Escape') {
              // The blur that follows must not apply what was typed.
              escaped.current = true
              event.currentTarget.blur()
            }
          }}
        />
        <span>px</span>
        <button
          type="button"
          aria-label={`Remove the ${frame.width} px frame`}
          title="Remove this frame"
          className={`${SMALL} ml-auto`}
          onClick={() => session.frames.remove(frame.id)}
        >
          <X className="size-3" aria-hidden="true" />
        </button>
      </div>
      <div
        className="relative bg-white shadow-[0_1px_3px_rgba(0,0,0,0.12),0_8px_24px_rgba(0,0,0,0.08)]"
        style={{ height: height * scale }}
      >
        <iframe
          ref={(element) => session.frames.attach(frame.id, element)}
          title={`The app at ${frame.width} px`}
          src={src}
          sandbox={APP_SANDBOX}
          allow={APP_PERMISSIONS}
          referrerPolicy="no-referrer"
          onLoad={() => session.frames.loaded(frame.id)}
          className="absolute top-0 left-0 origin-top-left border-0 bg-white"
          style={{ width: frame.width, height, transform: `scale(${scale})` }}
        />
        {state !== 'ready' ? (
          <div className="pointer-events-none absolute inset-0 flex items-start justify-center bg-[var(--canvas)]/40 pt-16">
            <span className="rounded bg-[var(--chrome)] px-3 py-1.5 text-[12px] text-[var(--ink-2)] shadow">
              {state === 'failed' ? `This frame did not connect: ${error}` : 'Connecting to the app…'}
            </span>
          </div>
        ) : null}
        {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter with a value (ARIA's window splitter); <hr> is not focusable */}
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={`Width of the ${frame.id} frame`}
          aria-valuenow={frame.width}
          tabIndex={0}
          onPointerDown={resize}
          onKeyDown={(event) => {
            const step = event.shiftKey ? 10 : 1
            if (event.key === 'ArrowLeft') session.frames.resize(frame.id, frame.width - step)
            if (event.key === 'ArrowRight') session.frames.resize(frame.id, frame.width + step)
          }}
          className="absolute top-0 -right-3 flex h-full w-3 cursor-ew-resize items-center justify-center outline-none focus-visible:ring-2 focus-visible:ring-accent"
        >
          <span className="h-8 w-1 rounded-full bg-[var(--ink-3)] opacity-50" />
        </div>
      </div>
    </div>
  )
}
