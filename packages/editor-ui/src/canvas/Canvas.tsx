import { useSelector } from '@xstate/react'
import { type PointerEvent as ReactPointerEvent, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { frameLabelName } from '../features/frames-model.ts'
import { nextZoom } from '../features/zoom.ts'
import { useEditorState, useSession } from '../session/session-context.tsx'
import { FrameStrip } from './FrameStrip.tsx'
import { APP_PERMISSIONS, APP_SANDBOX } from './frame-sandbox.ts'
import { usePan } from './use-pan.ts'

/**
 * The canvas: a neutral surface with the app's frame floating on it at the chosen width and zoom, the
 * width above it and a handle on its right edge to resize it. Cmd/Ctrl+wheel zooms (inside the frame
 * the inspector relays the wheel); the surface scrolls to pan, and space+drag or middle-drag pans it.
 */
export function Canvas() {
  const session = useSession()
  const width = useEditorState((state) => state.width)
  const primaryBreakpoint = frameLabelName(width)
  const zoom = useEditorState((state) => state.zoom)
  const hydrationError = useEditorState((state) => state.hydrationError)
  const connection = useSelector(session.connection, (snapshot) => snapshot.value)
  const surface = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState(800)
  const scale = zoom / 100
  const spaceHeld = useEditorState((state) => state.spaceHeld)
  const startPan = usePan(surface, session)

  useEffect(() => {
    const element = surface.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      setHeight(entry?.contentRect.height ?? 800)
      session.setCanvasWidth(entry?.contentRect.width ?? 0)
    })
    observer.observe(element)
    const onWheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return
      event.preventDefault()
      session.setZoom(nextZoom(session.state.zoom, event.deltaY), { x: event.clientX, y: event.clientY })
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => {
      observer.disconnect()
      element.removeEventListener('wheel', onWheel)
    }
  }, [session])

  // A zoom around a point (the pointer): scroll so that the frame point under it stays under it.
  const anchor = useEditorState((state) => state.zoomAnchor)
  const frameRef = useRef<HTMLIFrameElement | null>(null)
  useLayoutEffect(() => {
    const element = surface.current
    const rect = frameRef.current?.getBoundingClientRect()
    if (!anchor || !element || !rect) return
    element.scrollLeft += rect.left + anchor.frameX * scale - anchor.x
    element.scrollTop += rect.top + anchor.frameY * scale - anchor.y
  }, [anchor, scale])

  const resize = (event: ReactPointerEvent<HTMLDivElement>) => {
    const startX = event.clientX
    const startWidth = width
    const handle = event.currentTarget
    handle.setPointerCapture(event.pointerId)
    const move = (moveEvent: PointerEvent) =>
      session.setWidth(startWidth + (moveEvent.clientX - startX) / scale)
    const up = () => {
      handle.removeEventListener('pointermove', move)
      handle.removeEventListener('pointerup', up)
    }
    handle.addEventListener('pointermove', move)
    handle.addEventListener('pointerup', up)
  }

  // The frame fills the visible height at the current zoom (its document scrolls inside it).
  const frameHeight = Math.max(200, (height - 56) / scale)

  return (
    <section aria-label="Canvas" className="relative h-full">
      {hydrationError ? (
        <div
          role="alert"
          className="absolute inset-x-0 top-0 z-10 border-b border-amber-300 bg-amber-50 px-3 py-1.5 text-[12px] text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
        >
          The app reported a hydration error: what the server rendered differs from the browser. The app's
          console has the details.
        </div>
      ) : null}
      {/* A click on the surface around the frame clears the selection, as in design tools (Escape does it by key). */}
      <div
        ref={surface}
        className="h-full overflow-auto bg-[var(--canvas)]"
        onPointerDown={(event) => {
          if (event.button === 1) startPan(event)
          else if (event.button === 0 && !(event.target as Element).closest('[data-frame]'))
            void session.select(null)
        }}
      >
        <div className="flex min-w-max justify-center gap-8 px-8 pt-8 pb-6">
          <div data-frame="" style={{ width: width * scale }}>
            <div className="mb-1.5 flex items-baseline justify-between text-[11px] text-[var(--ink-3)]">
              <span>
                {primaryBreakpoint ? (
                  <span className="mr-1 font-medium text-[var(--ink-2)]">{primaryBreakpoint}</span>
                ) : null}
                {width} px
              </span>
              <span>{zoom}%</span>
            </div>
            <div
              className="relative bg-white shadow-[0_1px_3px_rgba(0,0,0,0.12),0_8px_24px_rgba(0,0,0,0.08)]"
              style={{ height: frameHeight * scale }}
            >
              <iframe
                ref={(frame) => {
                  frameRef.current = frame
                  session.attachFrame(frame)
                }}
                title="The app"
                src={session.app.src}
                // The app's own origin, in a sandbox that keeps it from navigating the editor away; it
                // is not told the editor's address (docs/SECURITY.md).
                sandbox={APP_SANDBOX}
                allow={APP_PERMISSIONS}
                referrerPolicy="no-referrer"
                onLoad={() => session.frameLoaded()}
                className="absolute top-0 left-0 origin-top-left border-0 bg-white"
                style={{ width, height: frameHeight, transform: `scale(${scale})` }}
              />
              {connection !== 'ready' ? (
                <div className="pointer-events-none absolute inset-0 flex items-start justify-center bg-[var(--canvas)]/40 pt-16">
                  <span className="rounded bg-[var(--chrome)] px-3 py-1.5 text-[12px] text-[var(--ink-2)] shadow">
                    {connection === 'reconnecting'
                      ? 'The app reloaded: reconnecting…'
                      : 'Connecting to the app…'}
                  </span>
                </div>
              ) : null}
              {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter with a value (ARIA's window splitter); <hr> is not focusable */}
              <div
                role="separator"
                aria-orientation="vertical"
                aria-label="Viewport width"
                aria-valuenow={width}
                tabIndex={0}
                onPointerDown={resize}
                onKeyDown={(event) => {
                  if (event.key === 'ArrowLeft') session.setWidth(width - (event.shiftKey ? 10 : 1))
                  if (event.key === 'ArrowRight') session.setWidth(width + (event.shiftKey ? 10 : 1))
                }}
                className="absolute top-0 -right-3 flex h-full w-3 cursor-ew-resize items-center justify-center outline-none focus-visible:ring-2 focus-visible:ring-accent"
              >
                <span className="h-8 w-1 rounded-full bg-[var(--ink-3)] opacity-50" />
              </div>
            </div>
          </div>
          <FrameStrip scale={scale} height={frameHeight} />
        </div>
      </div>
      {spaceHeld ? (
        // Space held: a cover over the surface and the frame takes the drag (the frame's events are the app's).
        <div
          aria-hidden="true"
          data-pan-cover=""
          className="absolute inset-0 z-20 cursor-grab active:cursor-grabbing"
          onPointerDown={startPan}
        />
      ) : null}
    </section>
  )
}
