import { type RefObject, useEffect, useRef, useState } from 'react'
import type { NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { type LayerDrop, layerDropAt } from '../layer-drop.ts'
import { type LayerRow, ROW_PX } from '../layer-rows.ts'

/**
 * The layers as a target of the Insert panel's drags (docs/EDITOR.md, Insert panel): while the list is
 * shown, the row under the pointer says where a new element would go (layer-drop.ts, with no layer
 * being moved), which the list draws as it draws a moved layer's; the drop is the Insert feature's.
 */
export function useInsertLayerDrop(
  nodes: readonly NavTreeNode[],
  rows: readonly LayerRow[],
  scroller: RefObject<HTMLDivElement | null>,
): LayerDrop | null {
  const session = useSession()
  const dragging = useEditorState((state) => state.insert.drag !== null)
  const [drop, setDrop] = useState<LayerDrop | null>(null)
  const latest = useRef({ nodes, rows })
  latest.current = { nodes, rows }

  useEffect(() => {
    session.insert.setLayersTarget((x, y) => {
      const list = scroller.current
      if (!list) return undefined
      const box = list.getBoundingClientRect()
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) {
        setDrop(null)
        return undefined
      }
      const offset = (y - box.top + list.scrollTop) / ROW_PX
      const position = Math.floor(offset)
      const { lookups } = session.state
      const next = layerDropAt(
        latest.current.nodes,
        latest.current.rows,
        -1,
        position,
        offset - position,
        (id) => lookups.get(id)?.parentId,
      )
      setDrop(next)
      const placement = next?.drop
      if (!placement) return null
      return {
        codebaseIdToAddTo: placement.codebaseIdToMoveTo,
        ...(placement.beforeCodebaseId ? { beforeCodebaseId: placement.beforeCodebaseId } : {}),
        ...(placement.afterCodebaseId ? { afterCodebaseId: placement.afterCodebaseId } : {}),
      }
    })
    return () => session.insert.setLayersTarget(null)
  }, [session, scroller])

  useEffect(() => {
    if (!dragging) setDrop(null)
  }, [dragging])

  return dragging ? drop : null
}
