import { useVirtualizer } from '@tanstack/react-virtual'
import { useSelector } from '@xstate/react'
import { type KeyboardEvent, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { ElementKey } from 'vite-plugin-visual-edit/protocol'
import { useEditorState, useSession } from '../session/session-context.tsx'
import { useInsertLayerDrop } from './insert/use-insert-layer-drop.ts'
import { ancestorIds, indentCap, type LayerRow, pathTo, ROW_PX, rowId, visibleRows } from './layer-rows.ts'
import { domId, LayerRow as Row } from './layers/LayerRow.tsx'
import { SelectionPath } from './layers/SelectionPath.tsx'
import { DropIndicator, useLayerDrag } from './layers/use-layer-drag.tsx'
import { useWidth } from './layers/use-width.ts'

/** A fresh tree shows this many levels open; deeper rows open on demand or to show the selection. */
const OPEN_DEPTH = 3

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
 * The layers (the left panel's Layers tab, app/LeftPanel.tsx): the inspector's nav tree as an
 * expandable, virtualised tree (component nodes included), synced both ways with the canvas: hovering a row outlines its element, a click
 * selects it (shift-click adds a sibling), right-click opens the selection's menu; a selection made in
 * the canvas opens the rows above it and scrolls to it. Rows follow every rebuild: they are the last
 * tree's nodes, kept open or closed by id. Deep trees stay readable: the indentation stops where the
 * name would lose its room (layer-rows.ts, indentCap), and the selection's path is a line of crumbs
 * under the list (SelectionPath).
 */
export function LayersPanel() {
  const session = useSession()
  const nodes = useEditorState((state) => state.nodes)
  const selected = useSelector(session.selection, (snapshot) => snapshot.context.selected)
  const hovered = useSelector(session.selection, (snapshot) => snapshot.context.hovered)
  const drive = useSelector(session.selection, (snapshot) => snapshot.matches('drive'))
  const connection = useSelector(session.connection, (snapshot) => snapshot.value)
  const { opened, closed, isOpen, setOpen } = useOpenRows()
  const scroller = useRef<HTMLDivElement | null>(null)
  const [listWidthRef, listWidth] = useWidth<HTMLDivElement>()
  const listRef = useCallback(
    (element: HTMLDivElement | null) => {
      scroller.current = element
      return listWidthRef(element)
    },
    [listWidthRef],
  )
  const cap = indentCap(listWidth ?? Number.POSITIVE_INFINITY)
  // The keyboard is moving in the tree: the selected row's cut name shows whole (LayerRow).
  const [keyboard, setKeyboard] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: isOpen is derived from opened and closed
  const rows = useMemo(() => visibleRows(nodes, isOpen), [nodes, opened, closed])
  const indexById = useMemo(() => new Map(nodes.map((node, index) => [rowId(node.key), index])), [nodes])
  const rowOf = useMemo(() => new Map(rows.map((row, position) => [row.id, position])), [rows])
  const selectedIds = useMemo(() => new Set(selected.map(rowId)), [selected])
  const hoveredId = hovered ? rowId(hovered) : null
  const primary = selected[0] ? rowId(selected[0]) : null
  const primaryIndex = primary === null ? undefined : indexById.get(primary)
  const path = useMemo(
    () => (primaryIndex === undefined ? [] : pathTo(nodes, primaryIndex)),
    [nodes, primaryIndex],
  )

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 12,
  })

  // A new selection: open the rows above it (before paint, so the list does not jump) ...
  // Once per selection, as soon as the tree holds it (a selection made before the tree that has it
  // arrives waits for that tree): a later rebuild must not take the list from where the user scrolled.
  const openedFor = useRef<string | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per selection (see above)
  useLayoutEffect(() => {
    if (primary === null) openedFor.current = null
    if (primary === null || primaryIndex === undefined || openedFor.current === primary) return
    openedFor.current = primary
    const closedAbove = ancestorIds(nodes, primaryIndex).filter(
      (id) => !rowOf.has(id) || !rows[rowOf.get(id) ?? -1]?.open,
    )
    if (closedAbove.length > 0) setOpen(closedAbove, true)
  }, [primary, primaryIndex === undefined])
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
  const insertDrop = useInsertLayerDrop(nodes, rows, scroller)

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
      setKeyboard(true)
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
          ref={listRef}
          role="tree"
          aria-label="Layers"
          aria-multiselectable="true"
          aria-activedescendant={primary !== null && rowOf.has(primary) ? domId(primary) : undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onFocus={(event) =>
            setKeyboard(event.target === event.currentTarget && event.target.matches(':focus-visible'))
          }
          onBlur={() => setKeyboard(false)}
          onPointerDown={() => setKeyboard(false)}
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
                  indentCap={cap}
                  selected={selectedIds.has(row.id)}
                  hovered={hoveredId === row.id && draggedId === null}
                  onHover={() => {
                    if (!drive) session.hover(row.node.key)
                  }}
                  dragged={draggedId === row.id}
                  keyboardTip={keyboard && primary === row.id}
                  onTipDismiss={() => setKeyboard(false)}
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
            {layerDrop ? <DropIndicator drop={layerDrop} indentCap={cap} /> : null}
            {insertDrop ? <DropIndicator drop={insertDrop} indentCap={cap} /> : null}
          </div>
        </div>
      )}
      <SelectionPath
        nodes={nodes}
        path={path}
        more={selected.length - 1}
        onSelect={(key) => choose(key, false)}
        onHover={(key) => {
          if (!drive) session.hover(key)
        }}
      />
    </section>
  )
}
