import * as Popover from '@radix-ui/react-popover'
import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { useEditorState, useSession } from '../session/session-context.tsx'

// The list is the Props panel's chunk's: loaded when the menu first opens it.
const TagList = lazy(() =>
  import('../panels/props/TagList.tsx').then((module) => ({ default: module.TagList })),
)

/**
 * The selection menu's 'Change tag…': the panels' Change tag list (TagList) for the one selected
 * element, in a popover where the menu was (`at`, editor coordinates). Escape or a click outside
 * closes it; a tag chosen writes CHANGE_TAG.
 */
export function ChangeTagPopover({
  at,
  onClose,
}: {
  at: { x: number; y: number } | null
  onClose: () => void
}) {
  const session = useSession()
  const selected = useSelector(session.selection, (snapshot) => snapshot.context.selected)
  const lookups = useEditorState((state) => state.lookups)
  useEditorState((state) => state.nodes)
  const key = selected.length === 1 ? (selected[0] ?? null) : null
  const lookup = key ? lookups.get(key.codebaseId) : undefined
  const node = session.nodeOf(key)
  const open = at !== null && key !== null
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
    >
      <Popover.Anchor asChild>
        <span
          aria-hidden="true"
          className="pointer-events-none fixed size-0"
          style={{ left: at?.x ?? 0, top: at?.y ?? 0 }}
        />
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={2}
          collisionPadding={8}
          aria-label="Change tag"
          onKeyDown={(event) => {
            // Escape closes the list only; the editor's Escape (select the parent) must not run too.
            if (event.key === 'Escape') event.preventDefault()
          }}
          className="z-50 w-56 rounded border border-[var(--line)] bg-[var(--chrome)] text-[var(--ink)] shadow-lg"
        >
          <Suspense fallback={<p className="m-0 px-2 py-1 text-[11px] text-[var(--ink-3)]">Loading…</p>}>
            <TagList
              tagName={lookup?.tagName ?? node?.name ?? ''}
              hasChildren={
                (node?.children.length ?? 0) > 0 || (lookup !== undefined && lookup.text !== 'none')
              }
              onPicked={onClose}
            />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
