import { useVirtualizer } from '@tanstack/react-virtual'
import { useSelector } from '@xstate/react'
import { Search } from 'lucide-react'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { componentItems, filterItems, type InsertItem, NATIVE_ITEMS } from '../../features/insert-catalog.ts'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { INSERT_ROW_PX, InsertRow, optionId } from './InsertRow.tsx'

const HEADING_PX = 24
const LIST_ID = 'insert-list'

type Line = { kind: 'heading'; text: string } | { kind: 'item'; item: InsertItem; at: number }

/** The list's lines: a heading before each group that has entries, then its entries (`at`: index among entries). */
function linesOf(items: readonly InsertItem[]): Line[] {
  const lines: Line[] = []
  let at = 0
  for (const [kind, text] of [
    ['native', 'HTML'],
    ['component', 'Components'],
  ] as const) {
    const group = items.filter((item) => item.kind === kind)
    if (group.length === 0) continue
    lines.push({ kind: 'heading', text })
    for (const item of group) lines.push({ kind: 'item', item, at: at++ })
  }
  return lines
}

const RADIO =
  'flex h-6 flex-1 cursor-pointer items-center justify-center rounded text-[12px] text-[var(--ink-2)] has-checked:bg-[var(--chrome)] has-checked:text-[var(--ink)] has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-accent'

/**
 * The Insert panel (docs/EDITOR.md, Insert panel; getByRole('region', { name: 'Insert' })): a search
 * field (`Search elements and components`) over one list of the HTML elements and the project's
 * components (with where each is defined), virtualised. Arrows move in the list from the field, Enter
 * or a click inserts after the selected element or inside it (`Place`), a drag inserts where it is
 * dropped on the canvas or in the layers.
 */
export function InsertPanel() {
  const session = useSession()
  const view = useEditorState((state) => state.insert)
  const selectedCount = useSelector(session.selection, (snapshot) => snapshot.context.selected.length)
  const [active, setActive] = useState(0)
  const scroller = useRef<HTMLDivElement | null>(null)

  useEffect(() => {
    void session.insert.load()
  }, [session])

  const items = useMemo(
    () => filterItems([...NATIVE_ITEMS, ...componentItems(view.components)], view.query),
    [view.components, view.query],
  )
  const lines = useMemo(() => linesOf(items), [items])
  const lineOfItem = useMemo(
    () => lines.flatMap((line, index) => (line.kind === 'item' ? [index] : [])),
    [lines],
  )
  const current = Math.min(active, items.length - 1)
  const activeItem = items[current]

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (lines[index]?.kind === 'heading' ? HEADING_PX : INSERT_ROW_PX),
    overscan: 10,
  })

  const go = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index))
    setActive(next)
    const line = lineOfItem[next]
    if (line !== undefined) virtualizer.scrollToIndex(line, { align: 'auto' })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        return go(current + 1)
      case 'ArrowUp':
        event.preventDefault()
        return go(current - 1)
      case 'PageDown':
        event.preventDefault()
        return go(current + 10)
      case 'PageUp':
        event.preventDefault()
        return go(current - 10)
      case 'Enter':
        event.preventDefault()
        if (activeItem) void session.insert.insert(activeItem)
        return
      case 'Escape':
        if (view.query === '') return
        event.preventDefault()
        event.stopPropagation()
        session.insert.setQuery('')
        return
      default:
    }
  }

  const selection = selectedCount > 1 ? 'the first selected element' : 'the selected element'
  const where =
    selectedCount === 0
      ? 'at the end of the page'
      : `${view.placeMode === 'after' ? 'after' : 'inside'} ${selection}`

  return (
    <section aria-label="Insert" className="flex h-full flex-col bg-[var(--chrome)]">
      <div className="flex shrink-0 flex-col gap-1.5 border-[var(--line)] border-b px-2 py-2">
        <div className="relative">
          <Search
            aria-hidden="true"
            size={13}
            className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-[var(--ink-3)]"
          />
          <input
            type="text"
            role="combobox"
            aria-label="Search elements and components"
            aria-expanded="true"
            aria-controls={LIST_ID}
            aria-autocomplete="list"
            aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
            placeholder="Search elements and components"
            autoComplete="off"
            spellCheck={false}
            value={view.query}
            onChange={(event) => {
              session.insert.setQuery(event.target.value)
              setActive(0)
              virtualizer.scrollToOffset(0)
            }}
            onKeyDown={onKeyDown}
            className="h-7 w-full rounded border border-[var(--line)] bg-[var(--field,transparent)] pr-2 pl-7 text-[12px] text-[var(--ink)] outline-none placeholder:text-[var(--ink-3)] focus-visible:ring-2 focus-visible:ring-accent"
          />
        </div>
        <fieldset className="m-0 flex items-center gap-2 border-0 p-0">
          <legend className="float-left mr-1 text-[11px] text-[var(--ink-2)]">Place</legend>
          <div className="flex flex-1 gap-0.5 rounded bg-[var(--hover)] p-0.5">
            {(['after', 'inside'] as const).map((mode) => (
              <label key={mode} className={RADIO}>
                <input
                  type="radio"
                  name="insert-place"
                  value={mode}
                  checked={view.placeMode === mode}
                  onChange={() => session.insert.setPlaceMode(mode)}
                  className="sr-only"
                />
                {mode === 'after' ? 'After' : 'Inside'}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="m-0 text-[11px] text-[var(--ink-2)]" aria-live="polite">
          Click or Enter inserts {where}; or drag onto the canvas or a layer.
        </p>
      </div>
      <div
        ref={scroller}
        id={LIST_ID}
        role="listbox"
        aria-label="Elements and components"
        className="min-h-0 flex-1 overflow-auto py-1"
      >
        <div role="presentation" className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const line = lines[virtual.index] as Line
            if (line.kind === 'heading')
              return (
                <div
                  key={`heading-${line.text}`}
                  role="presentation"
                  className="absolute inset-x-0 flex items-end px-3 pb-1 text-[11px] text-[var(--ink-2)]"
                  style={{ top: virtual.start, height: HEADING_PX }}
                >
                  {line.text}
                </div>
              )
            return (
              <InsertRow
                key={line.item.id}
                item={line.item}
                top={virtual.start}
                active={line.at === current}
                onHover={() => setActive(line.at)}
                onPress={(x, y) => session.insert.startDrag(line.item, x, y)}
                onChoose={() => void session.insert.insert(line.item)}
              />
            )
          })}
        </div>
        {items.length === 0 ? (
          <p className="m-0 px-3 py-2 text-[12px] text-[var(--ink-2)]">Nothing matches “{view.query}”.</p>
        ) : null}
        {view.status === 'loading' && view.components.length === 0 ? (
          <p className="m-0 px-3 py-2 text-[12px] text-[var(--ink-2)]">Reading the project’s components…</p>
        ) : null}
        {view.status === 'error' ? (
          <div className="flex items-center gap-2 px-3 py-2 text-[12px] text-[var(--ink-2)]">
            <span role="alert">The project’s components could not be read: {view.error}</span>
            <button
              type="button"
              onClick={() => void session.insert.load()}
              className="h-6 rounded border border-[var(--line)] px-2 text-[12px] text-[var(--ink)] hover:bg-[var(--hover)] focus-visible:ring-2 focus-visible:ring-accent"
            >
              Retry
            </button>
          </div>
        ) : null}
      </div>
    </section>
  )
}
