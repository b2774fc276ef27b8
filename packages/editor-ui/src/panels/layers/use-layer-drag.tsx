import { useSelector } from '@xstate/react'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { hasCodebaseIdPrefix, type NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { useSession } from '../../session/session-context.tsx'
import { type LayerDrop, layerDropAt } from '../layer-drop.ts'
import { INDENT_PX, type LayerRow, ROW_PX, rowId } from '../layer-rows.ts'

/** A layer drag starts once the pointer has gone this far (x and y added) from the press. */
const LAYER_DRAG_THRESHOLD_PX = 4

/**
 * Moving a layer by dragging it in the list (the drag machine, source 'layers'): a press on a row, then
 * past the threshold the row under the pointer says where the layer would land (layer-drop.ts), drawn
 * as a line or a box; the drop sends MOVE_JSX, Escape or a release outside the list cancels.
 */
export function useLayerDrag(
  nodes: readonly NavTreeNode[],
  rows: readonly LayerRow[],
  scroller: RefObject<HTMLDivElement | null>,
) {
  const session = useSession()
  const dragState = useSelector(session.drag, (snapshot) => snapshot.value)
  const source = useSelector(session.drag, (snapshot) => snapshot.context.source)
  const dragKey = useSelector(session.drag, (snapshot) => snapshot.context.key)
  const [layerDrop, setLayerDrop] = useState<LayerDrop | null>(null)
  const dragged = useRef<number | null>(null)
  const latest = useRef({ nodes, rows, layerDrop })
  latest.current = { nodes, rows, layerDrop }
  const ours = source === 'layers' && (dragState === 'pressed' || dragState === 'dragging')

  useEffect(() => {
    if (!ours) {
      setLayerDrop(null)
      return
    }
    const controller = new AbortController()
    const options = { capture: true, signal: controller.signal }
    const dropAt = (event: PointerEvent): LayerDrop | null => {
      const list = scroller.current
      const index = dragged.current
      if (!list || index === null) return null
      const box = list.getBoundingClientRect()
      if (event.clientX < box.left || event.clientX > box.right) return null
      if (event.clientY < box.top || event.clientY > box.bottom) return null
      const offset = (event.clientY - box.top + list.scrollTop) / ROW_PX
      const position = Math.floor(offset)
      const { lookups } = session.state
      return layerDropAt(
        latest.current.nodes,
        latest.current.rows,
        index,
        position,
        offset - position,
        (id) => lookups.get(id)?.parentId,
      )
    }
    window.addEventListener(
      'pointermove',
      (event) => {
        session.drag.send({ type: 'MOVE', x: event.clientX, y: event.clientY, buttons: event.buttons })
        if (!session.drag.getSnapshot().matches('dragging')) return
        const next = dropAt(event)
        setLayerDrop(next)
        session.drag.send({ type: 'TARGET', drop: next?.drop ?? null })
      },
      options,
    )
    window.addEventListener(
      'pointerup',
      (event) => {
        if (!session.drag.getSnapshot().matches('dragging')) {
          session.drag.send({ type: 'RELEASE' })
          return
        }
        session.drag.send({ type: 'DROP', drop: dropAt(event)?.drop ?? null })
      },
      options,
    )
    return () => controller.abort()
  }, [ours, session, scroller])

  const press = (row: LayerRow, x: number, y: number) => {
    if (!hasCodebaseIdPrefix(row.node.key.codebaseId)) return
    dragged.current = row.index
    const parent = row.node.parent === null ? undefined : nodes[row.node.parent]
    session.drag.send({
      type: 'PRESS',
      source: 'layers',
      key: row.node.key,
      expectedParent:
        session.state.lookups.get(row.node.key.codebaseId)?.parentId ?? parent?.key.codebaseId ?? null,
      x,
      y,
      threshold: LAYER_DRAG_THRESHOLD_PX,
    })
  }

  return {
    layerDrop: dragState === 'dragging' ? layerDrop : null,
    draggedId: dragState === 'dragging' && source === 'layers' && dragKey ? rowId(dragKey) : null,
    press,
  }
}

/**
 * Where a dragged layer would land: a line between rows (indented to its level, as far as the list's
 * indentation goes: `indentCap`) or a box around a row.
 */
export function DropIndicator({ drop, indentCap }: { drop: LayerDrop; indentCap: number }) {
  const top = drop.position * ROW_PX
  if (drop.edge === 'box')
    return (
      <div
        data-drop-indicator="box"
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-1 rounded-sm shadow-[inset_0_0_0_2px_var(--color-accent)]"
        style={{ top, height: ROW_PX }}
      />
    )
  return (
    <div
      data-drop-indicator="line"
      aria-hidden="true"
      className="pointer-events-none absolute right-1 h-0.5 rounded-full bg-accent before:absolute before:-top-[3px] before:-left-2 before:size-2 before:rounded-full before:border-2 before:border-accent before:bg-[var(--chrome)]"
      style={{
        top: top + (drop.edge === 'bottom' ? ROW_PX : 0) - 1,
        left: 12 + Math.min(drop.depth, indentCap) * INDENT_PX,
      }}
    />
  )
}
