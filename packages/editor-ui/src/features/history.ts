import type { HistoryResponse } from 'vite-plugin-visual-edit/protocol'
import type { ServerApi } from '../api/server-api.ts'
import type { SubmitOutcome } from '../ledger/ledger.ts'
import { reasonOf } from './failures.ts'
import { type HistoryRow, type HistorySources, historyRows, type TravelStep } from './history-rows.ts'
import type { Slice, SliceStore } from './slice.ts'
import { failureToast } from './toasts.ts'

export interface HistoryState {
  history: {
    /** The server's history: not asked yet, being read, read, or unreadable (`error` says why). */
    status: 'idle' | 'loading' | 'ready' | 'error'
    error: string | null
    rows: readonly HistoryRow[]
    /** Changes are being saved: a travel waits until they are (its count of steps would be off). */
    saving: boolean
    /** An undo or redo to a point under way: how far it is. */
    travel: { direction: 'undo' | 'redo'; done: number; total: number } | null
    /** Why the last travel stopped short of its point: what failed, in which files, and the fix. */
    stopped: { title: string; detail?: string } | null
  }
}

/** What the History feature needs of the ledger. */
export interface HistoryLedger {
  readonly items: HistorySources['items']
  readonly steps: HistorySources['steps']
  readonly pending: number
  subscribe(listener: () => void): () => void
  learn(sizes: { undo: number; redo: number }): void
}

const settledCount = (ledger: HistoryLedger) => ledger.items.filter((item) => item.consumed).length

/**
 * The History panel's model (docs/EDITOR.md, History): the server's undo history of this tab's canvas
 * (read from the history route, so it survives a reload of the editor), merged with the ledger's items
 * of this page's life (history-rows.ts), and undo or redo to any point as that many of the ledger's
 * undos or redos, one after another, stopping at the first that fails. The first read teaches the
 * ledger the entries it does not know (after a reload), so the toolbar's undo reaches them too.
 */
export class ChangeHistory {
  readonly #slice: Slice<HistoryState>
  readonly #api: Pick<ServerApi, 'history'>
  readonly #ledger: HistoryLedger
  readonly #step: (direction: 'undo' | 'redo', action: string) => Promise<SubmitOutcome>
  #server: HistoryResponse | null = null
  #loading = false
  #again = false
  #watchers = 0
  /** Items consumed when the history was last read: a change consumed since makes it stale. */
  #readAt = -1

  constructor(
    store: SliceStore<unknown>,
    deps: {
      api: Pick<ServerApi, 'history'>
      ledger: HistoryLedger
      /** One undo or redo, told to the user like the toolbar's (Edits.historyStep). */
      step: (direction: 'undo' | 'redo', action: string) => Promise<SubmitOutcome>
    },
  ) {
    this.#slice = store.slice<HistoryState>({
      history: { status: 'idle', error: null, rows: [], saving: false, travel: null, stopped: null },
    })
    this.#api = deps.api
    this.#ledger = deps.ledger
    this.#step = deps.step
    this.#ledger.subscribe(() => this.#ledgerChanged())
  }

  get state(): HistoryState {
    return this.#slice.state
  }

  #set(patch: Partial<HistoryState['history']>): void {
    this.#slice.set({ history: { ...this.state.history, ...patch } })
  }

  /** The panel is shown: the rows follow every change the ledger settles (returns its end). */
  watch(): () => void {
    this.#watchers += 1
    this.#rebuild()
    if (this.state.history.status !== 'loading') this.load()
    return () => {
      this.#watchers -= 1
    }
  }

  /**
   * Reads the server's history (again after a read under way). A read the ledger moved past meanwhile
   * (a change settled) is read again rather than trusted, and the ledger learns the sizes of a read
   * only while nothing is being saved.
   */
  load(): void {
    if (this.#loading) {
      this.#again = true
      return
    }
    this.#loading = true
    const settled = settledCount(this.#ledger)
    if (this.state.history.status !== 'ready') this.#set({ status: 'loading', error: null })
    this.#api.history().then(
      (server) => {
        this.#loading = false
        if (this.#again || settledCount(this.#ledger) !== settled) {
          this.#again = false
          this.load()
          return
        }
        this.#server = server
        this.#readAt = settled
        if (this.#ledger.pending === 0 && this.state.history.travel === null)
          this.#ledger.learn({ undo: server.applied, redo: server.entries.length - server.applied })
        this.#set({ status: 'ready', error: null })
        this.#rebuild()
      },
      (error: unknown) => {
        this.#loading = false
        this.#again = false
        this.#set({ status: 'error', error: reasonOf(error) })
      },
    )
  }

  #ledgerChanged(): void {
    const saving = this.#ledger.pending > 0
    if (saving !== this.state.history.saving) this.#set({ saving })
    if (this.#watchers === 0) return
    this.#rebuild()
    if (this.state.history.travel === null && settledCount(this.#ledger) !== this.#readAt) this.load()
  }

  #rebuild(): void {
    this.#set({
      rows: historyRows({ server: this.#server, steps: this.#ledger.steps, items: this.#ledger.items }),
    })
  }

  dismissStopped(): void {
    this.#set({ stopped: null })
  }

  /**
   * Undo or redo to a row: its `reach`, one step after another, each told like the toolbar's (a toast
   * when it fails). The first that fails ends the travel with what failed, in which files, and the fix.
   * Refused while changes are being saved or another travel runs.
   */
  async travel(reach: NonNullable<HistoryRow['reach']>): Promise<boolean> {
    const { direction, steps } = reach
    if (this.state.history.travel !== null || this.#ledger.pending > 0 || steps.length === 0) return false
    this.#set({ travel: { direction, done: 0, total: steps.length }, stopped: null })
    let done = 0
    try {
      for (const step of steps) {
        const action = `${direction === 'undo' ? 'Undo' : 'Redo'} of "${step.name}"`
        const outcome = await this.#step(direction, action)
        if (!outcome.ok) {
          this.#set({ stopped: stoppedAt(direction, done, steps.length, step, outcome.error) })
          return false
        }
        done += 1
        this.#set({ travel: { direction, done, total: steps.length } })
      }
      return true
    } finally {
      this.#set({ travel: null })
      this.load()
    }
  }
}

/** What a travel that stopped at `step` says: how far it got, what failed in which files, the fix. */
export function stoppedAt(
  direction: 'undo' | 'redo',
  done: number,
  total: number,
  step: TravelStep,
  error: unknown,
): { title: string; detail?: string } {
  const verb = direction === 'undo' ? 'Undo' : 'Redo'
  const failure = failureToast(`${verb} of "${step.name}"`, error)
  const files = step.files.length > 0 ? ` Files: ${step.files.join(', ')}.` : ''
  return {
    title: `${verb} stopped after ${done} of ${total} ${total === 1 ? 'step' : 'steps'}: ${failure.title}`,
    detail: `${failure.detail ?? ''}${files}`.trim(),
  }
}
