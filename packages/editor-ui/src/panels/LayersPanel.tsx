import { useVirtualizer } from '@tanstack/react-virtual'
import { useSelector } from '@xstate/react'
import {
  ChevronRight,
  Component,
  Image,
  Link,
  List,
  type LucideIcon,
  RectangleHorizontal,
  Square,
  TextCursorInput,
  Type,
} from 'lucide-react'
import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { ElementKey, NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { useEditorState, useSession } from '../app/session-context.tsx'
import { type LayerDrop, layerDropAt } from './layer-drop.ts'
import { ancestorIds, type LayerRow, rowHint, rowId, visibleRows } from './layer-rows.ts'

/** Rows of the list, in CSS pixels (EDITOR-UX: 24-28 px). */
const ROW_PX = 24
/** A fresh tree shows this many levels open; deeper rows open on demand or to show the selection. */
const OPEN_DEPTH = 3
const INDENT_PX = 12
/** A layer drag starts once the pointer has gone this far (x and y added) from the press. */
const LAYER_DRAG_THRESHOLD_PX = 4

const TEXT_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'span', 'label', 'strong', 'em', 'small'])

function iconOf(node: NavTreeNode): LucideIcon {
  if (node.isComponent) return Component
  const tag = node.elementTagName.toLowerCase()
  if (TEXT_TAGS.has(tag)) return Type
  if (tag === 'img' || tag === 'svg' || tag === 'picture' || tag === 'video') return Image
  if (tag === 'a') return Link
  if (tag === 'ul' || tag === 'ol' || tag === 'li') return List
  if (tag === 'button') return RectangleHorizontal
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return TextCursorInput
  return Square
}

/**
 * Which rows are open: the ones the user opened, the first OPEN_DEPTH levels unless the user closed
 * them. Kept by row id, so a rebuild of the tree keeps every row as it was.
 */
function useOpenRows() {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set())
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set())
  const isOpen = (id: string, depth: number) => opened.has(id) || (depth < OPEN_DEPTH && !closed.has(id))
  const setOpen = (ids: readonly string[], open: boolean) => {
    const without = (set: ReadonlySet<string>) => {
      const next = new Set(set)
      for (const id of ids) next.delete(id)
      return next
    }
    const adding = (set: ReadonlySet<string>) => new Set([...set, ...ids])
    setOpened(open ? adding : without)
    setClosed(open ? without : adding)
  }
  return { opened, closed, isOpen, setOpen }
}

/**
 * The layers (left panel): the inspector's nav tree as an expandable, virtualised tree (component
 * nodes included), synced both ways with the canvas: hovering a row outlines its element, a click
 * selects it (shift-click adds a sibling), right-click opens the selection's menu; a selection made in
 * the canvas opens the rows above it and scrolls to it. Rows follow every rebuild: they are the last
 * tree's nodes, kept open or closed by id.
 */
export function LayersPanel() {
  const session = useSession()
  const nodes = useEditorState((state) => state.nodes)
  const selected = useSelector(session.selection, (snapshot) => snapshot.context.selected)
  const hovered = useSelector(session.selection, (snapshot) => snapshot.context.hovered)
  const drive = useSelector(session.selection, (snapshot) => snapshot.matches('drive'))
  const connection = useSelector(session.connection, (snapshot) => snapshot.value)
  const { opened, closed, isOpen, setOpen } = useOpenRows()
  const scroller = useRef<HTMLDivElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: isOpen is derived from opened and closed
  const rows = useMemo(() => visibleRows(nodes, isOpen), [nodes, opened, closed])
  const indexById = useMemo(() => new Map(nodes.map((node, index) => [rowId(node.key), index])), [nodes])
  const rowOf = useMemo(() => new Map(rows.map((row, position) => [row.id, position])), [rows])
  const selectedIds = useMemo(() => new Set(selected.map(rowId)), [selected])
  const hoveredId = hovered ? rowId(hovered) : null
  const primary = selected[0] ? rowId(selected[0]) : null

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
  })

  // A new selection: open the rows above it (before paint, so the list does not jump) ...
  // Only when the selection changes: a rebuild must not take the list from where the user scrolled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new selection only (see above)
  useLayoutEffect(() => {
    if (primary === null) return
    const index = indexById.get(primary)
    if (index === undefined) return
    const closedAbove = ancestorIds(nodes, index).filter(
      (id) => !rowOf.has(id) || !rows[rowOf.get(id) ?? -1]?.open,
    )
    if (closedAbove.length > 0) setOpen(closedAbove, true)
  }, [primary])
  // ... and scroll to it once its row exists.
  const scrolledFor = useRef<string | null>(null)
  useLayoutEffect(() => {
    if (primary === null) {
      scrolledFor.current = null
      return
    }
    const position = rowOf.get(primary)
    if (position === undefined || scrolledFor.current === primary) return
    scrolledFor.current = primary
    virtualizer.scrollToIndex(position, { align: 'auto' })
  }, [primary, rowOf, virtualizer])

  const { layerDrop, draggedId, press } = useLayerDrag(nodes, rows, scroller)

  const choose = (key: ElementKey, shift: boolean) => {
    if (drive) return
    if (shift) void session.toggle(key)
    else void session.select(key)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return
    const position = primary === null ? -1 : (rowOf.get(primary) ?? -1)
    const row = rows[position]
    const go = (target: LayerRow | undefined) => {
      if (!target) return
      event.preventDefault()
      choose(target.node.key, false)
    }
    switch (event.key) {
      case 'ArrowDown':
        return go(rows[position + 1] ?? (position === -1 ? rows[0] : undefined))
      case 'ArrowUp':
        return go(position > 0 ? rows[position - 1] : undefined)
      case 'Home':
        return go(rows[0])
      case 'End':
        return go(rows.at(-1))
      case 'ArrowRight':
        if (!row?.hasChildren) return
        event.preventDefault()
        if (!row.open) setOpen([row.id], true)
        else go(rows[position + 1])
        return
      case 'ArrowLeft': {
        if (!row) return
        event.preventDefault()
        if (row.open) return setOpen([row.id], false)
        const parent = row.node.parent === null ? undefined : nodes[row.node.parent]
        const parentRow = parent ? rows[rowOf.get(rowId(parent.key)) ?? -1] : undefined
        return go(parentRow)
      }
      default:
    }
  }

  const items = virtualizer.getVirtualItems()

  return (
    <section aria-label="Layers" className="flex h-full flex-col bg-[var(--chrome)]">
      <header className="flex h-8 shrink-0 items-center justify-between px-3">
        <h2 className="font-semibold text-[12px]">Layers</h2>
      </header>
      {rows.length === 0 ? (
        <p className="px-3 py-2 text-[12px] text-[var(--ink-3)]">
          {connection !== 'ready'
            ? connection === 'reconnecting'
              ? 'The app reloaded: reconnecting…'
              : 'Connecting to the app…'
            : 'No element of the code on this page yet.'}
        </p>
      ) : (
        <div
          ref={scroller}
          role="tree"
          aria-label="Layers"
          aria-multiselectable="true"
          aria-activedescendant={primary !== null && rowOf.has(primary) ? domId(primary) : undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onPointerLeave={() => session.hover(null)}
          className="min-h-0 flex-1 overflow-auto pb-2 outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset"
        >
          <div role="presentation" className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index] as LayerRow
              return (
                <Row
                  key={row.id}
                  row={row}
                  top={item.start}
                  selected={selectedIds.has(row.id)}
                  hovered={hoveredId === row.id && draggedId === null}
                  onHover={() => {
                    if (!drive) session.hover(row.node.key)
                  }}
                  dragged={draggedId === row.id}
                  onPress={(x, y) => {
                    if (!drive) press(row, x, y)
                  }}
                  onChoose={(shift) => choose(row.node.key, shift)}
                  onToggle={() => setOpen([row.id], !row.open)}
                  onMenu={(x, y) => {
                    if (drive) return
                    if (!selectedIds.has(row.id)) void session.select(row.node.key)
                    session.openContextMenu(x, y)
                  }}
                />
              )
            })}
            {layerDrop ? <DropIndicator drop={layerDrop} /> : null}
          </div>
        </div>
      )}
    </section>
  )
}

/** The DOM id of a row (for aria-activedescendant): row ids hold only id-safe characters but '@'. */
const domId = (id: string) => `layer-${id.replace(/[^\w-]/g, '_')}`

/**
 * Moving a layer by dragging it in the list (the drag machine, source 'layers'): a press on a row, then
 * past the threshold the row under the pointer says where the layer would land (layer-drop.ts), drawn
 * as a line or a box; the drop sends MOVE_JSX, Escape or a release outside the list cancels.
 */
function useLayerDrag(
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
    if (!row.node.key.codebaseId.startsWith('tempo-')) return
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

/** Where a dragged layer would land: a line between rows (indented to its level) or a box around a row. */
function DropIndicator({ drop }: { drop: LayerDrop }) {
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
      style={{ top: top + (drop.edge === 'bottom' ? ROW_PX : 0) - 1, left: 12 + drop.depth * INDENT_PX }}
    />
  )
}

interface RowProps {
  row: LayerRow
  top: number
  selected: boolean
  hovered: boolean
  dragged: boolean
  onPress: (x: number, y: number) => void
  onHover: () => void
  onChoose: (shift: boolean) => void
  onToggle: () => void
  onMenu: (x: number, y: number) => void
}

function Row({
  row,
  top,
  selected,
  hovered,
  dragged,
  onPress,
  onHover,
  onChoose,
  onToggle,
  onMenu,
}: RowProps) {
  const Icon = iconOf(row.node)
  const hint = rowHint(row.node)
  const component = row.node.isComponent
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree takes the keys for its rows (aria-activedescendant)
    <div
      id={domId(row.id)}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-expanded={row.hasChildren ? row.open : undefined}
      aria-selected={selected}
      data-codebase-id={row.node.key.codebaseId}
      data-hovered={hovered || undefined}
      tabIndex={-1}
      data-dragged={dragged || undefined}
      onPointerEnter={onHover}
      onPointerDown={(event) => {
        if (event.button === 0 && event.isPrimary) onPress(event.clientX, event.clientY)
      }}
      onClick={(event) => onChoose(event.shiftKey)}
      onContextMenu={(event) => {
        event.preventDefault()
        onMenu(event.clientX, event.clientY)
      }}
      className={`absolute inset-x-0 flex cursor-default items-center gap-1 pr-2 text-[12px] select-none ${
        selected
          ? 'bg-[var(--selected)] text-[var(--ink)]'
          : hovered
            ? 'bg-[var(--hover)] text-[var(--ink)]'
            : 'text-[var(--ink-2)]'
      } ${hovered && !selected ? 'shadow-[inset_0_0_0_1px_var(--color-accent)]' : ''} ${dragged ? 'opacity-50' : ''}`}
      style={{ top, height: ROW_PX, paddingLeft: 4 + row.depth * INDENT_PX }}
    >
      <span
        aria-hidden="true"
        className={`flex size-4 shrink-0 items-center justify-center rounded-sm text-[var(--ink-3)] ${row.hasChildren ? 'hover:bg-[var(--hover)] hover:text-[var(--ink)]' : 'invisible'}`}
        onClick={(event) => {
          event.stopPropagation()
          onToggle()
        }}
      >
        <ChevronRight size={12} className={row.open ? 'rotate-90' : ''} />
      </span>
      <Icon
        aria-hidden="true"
        size={12}
        className={`shrink-0 ${component ? 'text-[var(--component-ink)]' : 'text-[var(--ink-3)]'}`}
      />
      <span className={`shrink-0 ${component ? 'font-medium text-[var(--component-ink)]' : ''}`}>
        {row.node.name}
      </span>
      {hint ? <span className="min-w-0 truncate text-[11px] text-[var(--ink-3)]">{hint}</span> : null}
    </div>
  )
}
