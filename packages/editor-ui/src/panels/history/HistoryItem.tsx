import { ChevronRight, FileDiff, Redo2, Undo2 } from 'lucide-react'
import type { Ref } from 'react'
import type { HistoryRow } from '../../features/history-rows.ts'
import { StateBadge } from './StateBadge.tsx'

/** The height of a row's first line; the details of an open row come under it. */
export const HISTORY_ROW_PX = 28

/** The DOM id of a row's main button (row keys hold only id-safe characters). */
const rowDomId = (key: string) => `history-${key}`

const ICON_BUTTON =
  'inline-flex size-6 shrink-0 items-center justify-center rounded text-[var(--ink-2)] outline-none hover:bg-[var(--chrome)] hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-40'

const WAITING: Partial<Record<HistoryRow['state'], string>> = {
  pending: 'Waiting to be saved: changes are written one after another.',
  shown: 'Shown in the page; being written to the code.',
  undone: 'Taken back. Redo to here puts it back, with every undone change before it.',
}

interface HistoryItemProps {
  row: HistoryRow
  index: number
  top: number
  /** The row the keyboard is on: its buttons are the list's tab stops. */
  active: boolean
  expanded: boolean
  /** Why undo or redo to a row cannot run now; null when it can. */
  blocked: string | null
  measure: Ref<HTMLLIElement>
  mainRef: Ref<HTMLButtonElement>
  onFocus: () => void
  onToggle: () => void
  onTravel: () => void
  onDiff: () => void
}

const timeOf = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/**
 * One change of the History panel: its state as a badge, its name and time (in a panel wider than
 * 210 px: the name keeps the room of a narrower one), and "Undo to here" (a
 * saved change) or "Redo to here" (an undone one). Enter or a click opens its details: the files it
 * wrote with their lines added and removed and a button for the diff, or why it failed and the fix.
 */
export function HistoryItem(props: HistoryItemProps) {
  const { row, index, top, active, expanded, blocked, measure, mainRef } = props
  const details = `${rowDomId(row.key)}-details`
  const reach = row.reach
  const paths = [...new Set(row.files.map((file) => file.path))]
  const undo = reach?.direction === 'undo'
  const travelLabel = undo ? 'Undo to here' : 'Redo to here'
  const travelHint = reach
    ? `${undo ? 'Undo' : 'Redo'} ${reach.steps.length === 1 ? 'this change' : `this change and the ${reach.steps.length - 1} ${undo ? 'after' : 'before'} it`}`
    : ''
  return (
    <li
      ref={measure}
      data-index={index}
      data-state={row.state}
      className="absolute left-0 w-full"
      style={{ transform: `translateY(${top}px)` }}
    >
      <div
        className={`flex items-center gap-1 pr-1 hover:bg-[var(--hover)] ${active ? 'bg-[var(--hover)]' : ''}`}
        style={{ height: HISTORY_ROW_PX }}
      >
        <button
          ref={mainRef}
          id={rowDomId(row.key)}
          type="button"
          data-history-row={row.key}
          tabIndex={active ? 0 : -1}
          aria-expanded={expanded}
          aria-controls={expanded ? details : undefined}
          onFocus={props.onFocus}
          onClick={props.onToggle}
          className="flex h-full min-w-0 flex-1 items-center gap-1.5 rounded-sm pl-1.5 text-left text-[12px] outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset"
        >
          <ChevronRight
            aria-hidden="true"
            className={`size-3 shrink-0 text-[var(--ink-3)] ${expanded ? 'rotate-90' : ''}`}
          />
          <StateBadge state={row.state} />
          <span className={`min-w-0 flex-1 truncate ${row.state === 'undone' ? 'text-[var(--ink-2)]' : ''}`}>
            {row.name}
            {paths.length > 0 ? (
              <span className="ml-1.5 text-[11px] text-[var(--ink-2)]">
                {paths.map((path) => path.split('/').at(-1)).join(', ')}
              </span>
            ) : null}
          </span>
          <time
            dateTime={new Date(row.at).toISOString()}
            title={new Date(row.at).toLocaleString()}
            className="hidden shrink-0 text-[11px] text-[var(--ink-2)] @[210px]:inline"
          >
            {timeOf(row.at)}
          </time>
        </button>
        {reach ? (
          <button
            type="button"
            aria-label={travelLabel}
            title={blocked ?? travelHint}
            tabIndex={active ? 0 : -1}
            disabled={blocked !== null}
            onFocus={props.onFocus}
            onClick={props.onTravel}
            className={ICON_BUTTON}
          >
            {undo ? <Undo2 className="size-3.5" /> : <Redo2 className="size-3.5" />}
          </button>
        ) : null}
      </div>
      {expanded ? (
        <div id={details} className="pr-2 pb-1.5 pl-7 text-[12px]">
          {row.failure ? (
            <div role="note" className="rounded-sm border border-red-200 px-2 py-1 dark:border-red-900">
              <p className="m-0 font-medium text-red-800 dark:text-red-300">{row.failure.title}</p>
              {row.failure.detail ? (
                <p className="m-0 mt-0.5 text-[var(--ink-2)]">{row.failure.detail}</p>
              ) : null}
            </div>
          ) : null}
          {WAITING[row.state] ? <p className="m-0 py-0.5 text-[var(--ink-2)]">{WAITING[row.state]}</p> : null}
          {row.files.length > 0 ? (
            <>
              <ul aria-label="Files" className="m-0 list-none p-0">
                {paths.map((path) => {
                  const files = row.files.filter((file) => file.path === path)
                  const added = files.reduce((sum, file) => sum + file.added, 0)
                  const removed = files.reduce((sum, file) => sum + file.removed, 0)
                  return (
                    <li key={path} className="flex h-6 items-center gap-1.5">
                      <span className="min-w-0 flex-1 truncate" title={path}>
                        {path}
                      </span>
                      <span className="shrink-0 text-[11px] text-emerald-800 dark:text-emerald-300">
                        +{added}
                      </span>
                      <span className="shrink-0 text-[11px] text-red-800 dark:text-red-300">−{removed}</span>
                    </li>
                  )
                })}
              </ul>
              <button
                type="button"
                tabIndex={active ? 0 : -1}
                onFocus={props.onFocus}
                onClick={props.onDiff}
                className="mt-0.5 inline-flex h-6 items-center gap-1 rounded px-1.5 text-[12px] text-[var(--accent-ink)] outline-none hover:bg-[var(--chrome)] focus-visible:ring-2 focus-visible:ring-accent"
              >
                <FileDiff aria-hidden="true" className="size-3.5" />
                Show the diff
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}
