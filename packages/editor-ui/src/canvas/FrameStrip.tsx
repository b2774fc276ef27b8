import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Plus } from 'lucide-react'
import { BREAKPOINTS, MAX_EXTRA_FRAMES } from '../features/frames-model.ts'
import { useEditorState, useSession } from '../session/session-context.tsx'
import { BreakpointFrame } from './BreakpointFrame.tsx'

const ITEM =
  'group flex h-7 cursor-default items-center justify-between gap-6 rounded px-2 text-[12px] outline-none data-[disabled]:opacity-40 data-[highlighted]:bg-[#1d6ad1] data-[highlighted]:text-white'

/**
 * The breakpoint frames after the primary one on the canvas (features/frames.ts), and the button that
 * adds one at a breakpoint users know (a Radix menu: arrows, Enter, Escape). A breakpoint a frame
 * shows already is offered still: two frames may compare a change of width.
 */
export function FrameStrip({ scale, height }: { scale: number; height: number }) {
  const session = useSession()
  const frames = useEditorState((state) => state.frames)
  const full = frames.length >= MAX_EXTRA_FRAMES
  return (
    <>
      {frames.map((frame) => {
        const connection = session.frames.connectionOf(frame.id)
        return connection ? (
          <BreakpointFrame
            key={frame.id}
            frame={frame}
            connection={connection}
            scale={scale}
            height={height}
          />
        ) : null
      })}
      <div data-frame="" className="pt-6">
        <DropdownMenu.Root>
          <DropdownMenu.Trigger
            aria-label="Add a breakpoint frame"
            title={
              full
                ? `At most ${MAX_EXTRA_FRAMES} more frames: each runs the whole app`
                : 'Add a breakpoint frame'
            }
            disabled={full}
            className="inline-flex h-7 items-center gap-1 rounded border border-dashed border-[var(--line)] bg-[var(--chrome)] px-2 text-[12px] text-[var(--ink-2)] outline-none hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-40"
          >
            <Plus className="size-3.5" aria-hidden="true" /> Frame
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="start"
              sideOffset={4}
              collisionPadding={8}
              className="z-50 min-w-40 rounded-md border border-[var(--line)] bg-[var(--chrome)] p-1 text-[var(--ink)] shadow-lg"
            >
              {BREAKPOINTS.map((breakpoint) => (
                <DropdownMenu.Item
                  key={breakpoint.name}
                  className={ITEM}
                  onSelect={() => session.frames.add(breakpoint.width)}
                >
                  {breakpoint.name === 'phone' ? 'Phone' : breakpoint.name}
                  <span className="text-[11px] text-[var(--ink-3)] tabular-nums group-data-[highlighted]:text-white">
                    {breakpoint.width} px
                  </span>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
    </>
  )
}
