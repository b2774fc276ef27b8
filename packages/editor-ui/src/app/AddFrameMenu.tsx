import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Columns2 } from 'lucide-react'
import { BREAKPOINTS, MAX_EXTRA_FRAMES } from '../features/frames-model.ts'
import { useEditorState, useSession } from '../session/session-context.tsx'
import { BUTTON } from './ui.tsx'

const ITEM =
  'group flex h-7 cursor-default items-center justify-between gap-6 rounded px-2 text-[12px] outline-none data-[disabled]:opacity-40 data-[highlighted]:bg-[#1d6ad1] data-[highlighted]:text-white'

/**
 * The toolbar's "+ Frame": adds a breakpoint frame beside the primary (features/frames.ts) at a
 * breakpoint users know, from a Radix menu (arrows, Enter, Escape). A width a frame shows already is
 * offered still: two frames may compare a change of width. In the toolbar, not on the canvas, so the
 * canvas's row of frames is the frames alone (the fitted zoom fits them).
 */
export function AddFrameMenu() {
  const session = useSession()
  const count = useEditorState((state) => state.frames.length)
  const full = count >= MAX_EXTRA_FRAMES
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="Add a breakpoint frame"
        title={
          full
            ? `At most ${MAX_EXTRA_FRAMES} more frames: each runs the whole app`
            : 'Add a breakpoint frame: the same page at another width'
        }
        disabled={full}
        className={BUTTON}
      >
        <Columns2 className="size-3.5" aria-hidden="true" /> Frame
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
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
  )
}
