import { useEditorState } from '../../session/session-context.tsx'

/**
 * What an Insert panel drag shows over the whole editor (mounted once, by the page): the entry's name
 * beside the pointer and, over the canvas, the element it would go into (outlined) and the line where
 * among its children (the accent, like the layers' indicator). It covers the editor, the app's frame
 * included: the frame would take the pointer's moves from the editor, which the drag follows.
 */
export function InsertDragLayer() {
  const drag = useEditorState((state) => state.insert.drag)
  if (!drag) return null
  return (
    <div aria-hidden="true" data-insert-drag="" className="fixed inset-0 z-50 cursor-copy">
      {drag.container ? (
        <div
          className="absolute rounded-[1px] outline outline-1 outline-accent/60"
          style={{
            left: drag.container.left,
            top: drag.container.top,
            width: drag.container.width,
            height: drag.container.height,
          }}
        />
      ) : null}
      {drag.line ? (
        <div
          data-insert-drop-line=""
          className="absolute rounded-full bg-accent"
          style={{
            left: drag.line.left,
            top: drag.line.top,
            width: drag.line.width,
            height: drag.line.height,
          }}
        />
      ) : null}
      <div
        className="absolute rounded border border-[var(--line)] bg-[var(--chrome)] px-2 py-0.5 text-[12px] text-[var(--ink)] shadow-md"
        style={{ left: drag.x + 12, top: drag.y + 12, opacity: drag.over === null ? 0.6 : 1 }}
      >
        {drag.label}
      </div>
    </div>
  )
}
