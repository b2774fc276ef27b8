import { useVirtualizer } from '@tanstack/react-virtual'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import type { HistoryRow } from '../../features/history-rows.ts'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { DiffDialog } from './DiffDialog.tsx'
import { HISTORY_ROW_PX, HistoryItem } from './HistoryItem.tsx'

const TEXT_BUTTON =
  'inline-flex h-6 shrink-0 items-center rounded px-1.5 text-[12px] text-[var(--accent-ink)] outline-none hover:bg-[var(--hover)] focus-visible:ring-2 focus-visible:ring-accent'

/** The line over the list: a travel's progress, the read under way, or how many changes there are. */
function summary(history: ReturnType<typeof useHistoryState>): string {
  const { travel, status, rows } = history
  if (travel)
    return `${travel.direction === 'undo' ? 'Undoing' : 'Redoing'} ${travel.done + 1} of ${travel.total}…`
  if (status === 'loading' || status === 'idle') return 'Reading the history…'
  const count = (state: HistoryRow['state']) => rows.filter((row) => row.state === state).length
  const parts = [`${count('saved')} saved`, `${count('undone')} undone`]
  const waiting = count('pending') + count('shown')
  if (waiting > 0) parts.push(`${waiting} being saved`)
  if (count('failed') > 0) parts.push(`${count('failed')} failed`)
  return parts.join(' · ')
}

const useHistoryState = () => useEditorState((state) => state.history)

/**
 * The History panel (the left panel's History tab): every change of this tab's canvas, newest first,
 * each with its state as a badge (pending, shown, saved, failed, undone), the files it wrote and their
 * diff, and "Undo to here" / "Redo to here". The list is virtualised; the keyboard moves in it with
 * the arrows (Home, End), Enter opens a row's details, Tab reaches its buttons. What is listed is the
 * server's history, so it is the same after a reload of the editor.
 */
export function HistoryPanel() {
  const session = useSession()
  const history = useHistoryState()
  const { rows, travel, saving, stopped, status, error } = history
  useEffect(() => session.history.watch(), [session])
  const [activeKey, setActiveKey] = useState<string | null>(null)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const [diffKey, setDiffKey] = useState<string | null>(null)
  const scroller = useRef<HTMLDivElement | null>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  /** A row the keyboard moved to that was not drawn yet: focused once it is. */
  const focusKey = useRef<string | null>(null)

  const activeIndex = Math.max(
    0,
    rows.findIndex((row) => row.key === activeKey),
  )
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => HISTORY_ROW_PX,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
  })

  const blocked = travel
    ? `${travel.direction === 'undo' ? 'Undoing' : 'Redoing'}: wait until it is done`
    : saving
      ? 'Wait until the changes being saved are written'
      : null

  const toggle = (key: string, open?: boolean) =>
    setExpanded((now) => {
      const next = new Set(now)
      if (open ?? !now.has(key)) next.add(key)
      else next.delete(key)
      return next
    })

  const focusRow = (index: number) => {
    const row = rows[index]
    if (!row) return
    setActiveKey(row.key)
    virtualizer.scrollToIndex(index, { align: 'auto' })
    const button = buttons.current.get(row.key)
    if (button) button.focus()
    else focusKey.current = row.key
  }

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    const active = rows[activeIndex]
    const moves: Record<string, number | undefined> = {
      ArrowDown: Math.min(rows.length - 1, activeIndex + 1),
      ArrowUp: Math.max(0, activeIndex - 1),
      Home: 0,
      End: rows.length - 1,
    }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      focusRow(target)
      return
    }
    if (!active || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return
    event.preventDefault()
    toggle(active.key, event.key === 'ArrowRight')
  }

  // The dialog shows the row as it is now (a row gone with a reload of the history closes it).
  const diffRow = rows.find((row) => row.key === diffKey) ?? null
  useEffect(() => {
    if (diffKey !== null && !rows.some((row) => row.key === diffKey)) setDiffKey(null)
  }, [rows, diffKey])

  return (
    <section aria-label="History" className="@container flex h-full flex-col bg-[var(--chrome)]">
      <p role="status" className="m-0 h-7 shrink-0 truncate px-3 text-[11px] text-[var(--ink-2)] leading-7">
        {summary(history)}
      </p>
      {status === 'error' ? (
        <div
          role="alert"
          className="mx-2 mb-1 rounded-sm border border-red-200 px-2 py-1 text-[12px] dark:border-red-900"
        >
          <p className="m-0 font-medium text-red-800 dark:text-red-300">The history could not be read.</p>
          <p className="m-0 text-[var(--ink-2)]">{error}</p>
          <button type="button" className={TEXT_BUTTON} onClick={() => session.history.load()}>
            Try again
          </button>
        </div>
      ) : null}
      {stopped ? (
        <div
          role="alert"
          className="mx-2 mb-1 rounded-sm border border-red-200 px-2 py-1 text-[12px] dark:border-red-900"
        >
          <p className="m-0 font-medium text-red-800 dark:text-red-300">{stopped.title}</p>
          {stopped.detail ? <p className="m-0 text-[var(--ink-2)]">{stopped.detail}</p> : null}
          <button type="button" className={TEXT_BUTTON} onClick={() => session.history.dismissStopped()}>
            Dismiss
          </button>
        </div>
      ) : null}
      {rows.length === 0 ? (
        status === 'ready' ? (
          <p className="m-0 px-3 py-2 text-[12px] text-[var(--ink-2)]">
            No changes yet. Each edit you make is listed here; undo or redo to any of them.
          </p>
        ) : null
      ) : (
        <div ref={scroller} className="min-h-0 flex-1 overflow-auto pb-2">
          <ul
            aria-label="Changes, newest first"
            onKeyDown={onKeyDown}
            className="relative m-0 list-none p-0"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index] as HistoryRow
              return (
                <HistoryItem
                  key={row.key}
                  row={row}
                  index={item.index}
                  top={item.start}
                  active={item.index === activeIndex}
                  expanded={expanded.has(row.key)}
                  blocked={blocked}
                  measure={virtualizer.measureElement}
                  mainRef={(button) => {
                    if (!button) {
                      buttons.current.delete(row.key)
                      return
                    }
                    buttons.current.set(row.key, button)
                    if (focusKey.current === row.key) {
                      focusKey.current = null
                      button.focus()
                    }
                  }}
                  onFocus={() => setActiveKey(row.key)}
                  onToggle={() => toggle(row.key)}
                  onTravel={() => {
                    if (row.reach) void session.history.travel(row.reach)
                  }}
                  onDiff={() => setDiffKey(row.key)}
                />
              )
            })}
          </ul>
        </div>
      )}
      <DiffDialog row={diffRow} onClose={() => setDiffKey(null)} />
    </section>
  )
}
