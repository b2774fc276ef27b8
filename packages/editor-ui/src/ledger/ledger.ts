import {
  type AnyChange,
  ChangeType,
  hasInstantUndo,
  type InstantChangeItem,
  type InstantUpdateReply,
  type MutateResponse,
  parseChange,
  type StylingFramework,
} from 'vite-plugin-visual-edit/protocol'
import { type ServerApi, ServerError } from '../api/server-api.ts'
import {
  type ChangeItem,
  createChangeItem,
  markInstantUpdateFinished,
  markInstantUpdateSent,
  markProcessedFailed,
  markProcessedSucceeded,
  maySendInstantUpdate,
} from './change-item.ts'
import { type ClassCss, classesNeedingCss, instantItemOf } from './instant-item.ts'
import { type ElementRefOf, requestOf } from './request-body.ts'

export type SubmitOutcome =
  | { ok: true; item: ChangeItem; response: MutateResponse }
  | { ok: false; item: ChangeItem; error: ServerError | Error }

/** What the ledger needs from the editor around it. */
export interface LedgerHost {
  api: ServerApi
  /** An element object for a codebase id (its element key when the page shows it). */
  refOf: ElementRefOf
  /** Ids changed by an edit (`prevIdToNewIdMap`): the selection and the inspector follow. */
  remapped(map: Readonly<Record<string, string>>): void
  /** How the project styles, when known (the server checks Tailwind classes the editor adds). */
  stylingFramework?: () => StylingFramework | null
  /** The inspector's instant updates (applyChangeItemToDocument, setIsFlushing); none: edits show after the save. */
  instant?: InstantUpdates
  /** The CSS of classes an instant update adds (the class-css endpoint). */
  classCss?: ClassCss
}

/** What the ledger asks of the inspector for instant updates. */
export interface InstantUpdates {
  apply(item: InstantChangeItem): Promise<InstantUpdateReply>
  /** A save is under way (true) or answered (false): the inspector cleans up after the reload it brings. */
  setFlushing(flushing: boolean): void
}

export interface SubmitOptions {
  /** False: this change shows after the save only. */
  instantUpdate?: boolean
  /** The inspector already showed this change under this id (a drop): the item takes the id. */
  instantShownAs?: string | null
  /**
   * Changes submitted with the same step are one undo step (an edit of a multi-selection, one change
   * per element): undo and redo take them back and put them again together.
   */
  step?: string
  /** A coding agent's edit (the agent bridge), for its question of this id: its request says so. */
  forAgent?: string
}

/** One undo step: the activities the server recorded for it, and the changes that made them. */
interface UndoStep {
  step: string | null
  activities: number
  itemIds: string[]
}

/** How many shown changes the ledger remembers, to take one back or show its undo. */
const KEPT_INSTANT_ITEMS = 200

/** Every string of `value` that is an old id, replaced by its new id. */
function remap<T>(value: T, map: Readonly<Record<string, string>>): T {
  if (typeof value === 'string') return (map[value] ?? value) as T
  if (Array.isArray(value)) return value.map((entry) => remap(entry, map)) as T
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, remap(entry, map)])) as T
  return value
}

/**
 * The change ledger (docs/GLOSSARY.md, Ledger): every change the editor makes becomes an item, is sent
 * to its route with element objects, and is marked processed (succeeded, or failed with the server's
 * reason). Ids an edit changes are applied to the items still waiting, to the selection and to the
 * inspector. Undo and redo call the activities routes and count what can still be undone or redone.
 */
export class ChangeLedger {
  readonly #host: LedgerHost
  #items: ChangeItem[] = []
  /** Undo steps, the last on top; a new change clears the redo steps. */
  #undoSteps: UndoStep[] = []
  #redoSteps: UndoStep[] = []
  /** Changes go one after another: each is sent with the ids the ones before it left. */
  #tail: Promise<unknown> = Promise.resolve()
  /** A save is under way (a request sent, not answered). */
  #flushing = false
  /** Instant updates under way, by item id: the item's request waits for its own. */
  readonly #instantPending = new Map<string, Promise<void>>()
  /** What the inspector showed, by item id (the last KEPT_INSTANT_ITEMS): for a rollback or an instant undo. */
  readonly #shown = new Map<string, InstantChangeItem>()
  readonly #listeners = new Set<() => void>()

  constructor(host: LedgerHost) {
    this.#host = host
  }

  get items(): readonly ChangeItem[] {
    return this.#items
  }

  get canUndo(): boolean {
    return this.#undoSteps.length > 0
  }

  get canRedo(): boolean {
    return this.#redoSteps.length > 0
  }

  get pending(): number {
    return this.#items.filter((item) => !item.consumed).length
  }

  /**
   * The undo and redo steps as server entries per step (bottom first, the next undo or redo last): a
   * step of a multi-selection edit is several entries, undone and redone together.
   */
  get steps(): { undo: readonly number[]; redo: readonly number[] } {
    return {
      undo: this.#undoSteps.map((step) => step.activities),
      redo: this.#redoSteps.map((step) => step.activities),
    }
  }

  /**
   * Learns what the server's history holds (its entries to undo and to redo; after a reload of the
   * editor the ledger knows none of them): the entries below the steps it knows become steps of one
   * entry each, so undo and redo reach them. Call it only while no change is under way.
   */
  learn(sizes: { undo: number; redo: number }): void {
    const pad = (steps: UndoStep[], size: number) => {
      const known = steps.reduce((sum, step) => sum + step.activities, 0)
      const missing = Array.from({ length: Math.max(0, size - known) }, () => ({
        step: null,
        activities: 1,
        itemIds: [],
      }))
      return missing.length > 0 ? [...missing, ...steps] : steps
    }
    const undo = pad(this.#undoSteps, sizes.undo)
    const redo = pad(this.#redoSteps, sizes.redo)
    if (undo === this.#undoSteps && redo === this.#redoSteps) return
    this.#undoSteps = undo
    this.#redoSteps = redo
    this.#notify()
  }

  /**
   * A coding agent wrote `entries` edits on this canvas (the agent bridge): the newest of its history,
   * one undo step each, and what could be redone is gone, as after any edit.
   */
  external(entries: number): void {
    if (entries <= 0) return
    for (let entry = 0; entry < entries; entry++)
      this.#undoSteps.push({ step: null, activities: 1, itemIds: [] })
    this.#redoSteps = []
    this.#notify()
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /**
   * Records `raw` (validated; an unknown type throws 'Unknown change type'), shows it at once through
   * the inspector (its instant update: now, or when its turn comes if a save is under way and its type
   * may not go meanwhile) and sends it once the changes before it are done, with the ids they left.
   */
  async submit(raw: unknown, options: SubmitOptions = {}): Promise<SubmitOutcome> {
    let item = createChangeItem(raw, {
      ...(options.instantShownAs ? { id: options.instantShownAs } : {}),
      ...(options.instantUpdate === false ? { instantUpdate: false } : {}),
    })
    if (options.instantShownAs && item.instantUpdate) {
      item = markInstantUpdateFinished(item, true)
      this.#remember(instantItemOf(item.id, item.change))
    }
    this.#put(item)
    if (item.change.type === ChangeType.UNKNOWN) {
      // Created consumed; it cannot make a request.
      return { ok: false, item, error: new Error('Unsupported operation') }
    }
    if (maySendInstantUpdate(item, this.#flushing)) this.#showInstantly(item)
    return this.#queue(async () => {
      const now = this.#current(item)
      if (maySendInstantUpdate(now, false)) this.#showInstantly(now)
      await this.#instantPending.get(item.id)
      return this.#send(this.#current(item), options.step ?? null, options.forAgent ?? null)
    })
  }

  /** Sends the item's instant update (its classes' CSS asked first); the flags follow its reply. */
  #showInstantly(item: ChangeItem): void {
    const instant = this.#host.instant
    if (!instant) return
    this.#replace(markInstantUpdateSent(item))
    const shown = (async () => {
      const needing = classesNeedingCss(item.change)
      const css =
        needing.length > 0 && this.#host.classCss ? await this.#host.classCss(needing).catch(() => ({})) : {}
      const instantItem = instantItemOf(item.id, item.change, css)
      const reply = await instant
        .apply(instantItem)
        .catch((error: unknown): InstantUpdateReply => ({ success: false, error: String(error) }))
      if (reply.success) this.#remember(instantItem)
      this.#replace(markInstantUpdateFinished(this.#current(item), reply.success))
    })()
    this.#instantPending.set(item.id, shown)
    void shown.finally(() => this.#instantPending.delete(item.id))
  }

  #remember(instantItem: InstantChangeItem): void {
    this.#shown.set(instantItem.id, instantItem)
    for (const id of this.#shown.keys()) {
      if (this.#shown.size <= KEPT_INSTANT_ITEMS) break
      this.#shown.delete(id)
    }
  }

  /** Takes back what the inspector showed for `id` (`flushed`: the change was saved, and this is its undo). */
  #takeBack(id: string, flushed: boolean): void {
    const shown = this.#shown.get(id)
    const instant = this.#host.instant
    if (!shown || !instant) return
    this.#shown.delete(id)
    void instant
      .apply({
        id: crypto.randomUUID(),
        type: ChangeType.UNDO,
        changeFields: { changeToUndo: shown, matchingActivityFlushed: flushed },
      })
      .catch(() => {})
  }

  undo(): Promise<SubmitOutcome> {
    return this.#queue(() => this.#activity(ChangeType.UNDO))
  }

  redo(): Promise<SubmitOutcome> {
    return this.#queue(() => this.#activity(ChangeType.REDO))
  }

  #queue(task: () => Promise<SubmitOutcome>): Promise<SubmitOutcome> {
    const run = this.#tail.then(task, task)
    this.#tail = run
    return run
  }

  /** The item as it is now (its ids remapped by the changes before it). */
  #current(item: ChangeItem): ChangeItem {
    return this.#items.find((entry) => entry.id === item.id) ?? item
  }

  /**
   * Undo or redo of the last step: as many activity calls as the step recorded (one, or one per element
   * of a multi-selection edit). The outcome is the last call's, with the files of all of them.
   */
  async #activity(type: typeof ChangeType.UNDO | typeof ChangeType.REDO): Promise<SubmitOutcome> {
    const undoing = type === ChangeType.UNDO
    const from = undoing ? this.#undoSteps : this.#redoSteps
    const to = undoing ? this.#redoSteps : this.#undoSteps
    const step = from.at(-1)
    const last = step
      ? this.#items.find((entry) => entry.id === step.itemIds.at(-1))
      : [...this.#items].reverse().find((entry) => !entry.failed && entry.change.type !== type)
    const target: AnyChange = last?.change ?? parseChange({ type: ChangeType.UNKNOWN })
    const item = createChangeItem(
      undoing
        ? { type, changeFields: { changeToUndo: target } }
        : { type, changeFields: { changeToRedo: target } },
    )
    this.#put(item)
    if (undoing) {
      const ids = step ? [...step.itemIds].reverse() : last ? [last.id] : []
      for (const id of ids) {
        const change = this.#items.find((entry) => entry.id === id)?.change
        if (change && hasInstantUndo(change.type)) this.#takeBack(id, true)
      }
    }
    const files = new Set<string>()
    let done = 0
    try {
      this.#setFlushing(true)
      let response: MutateResponse | undefined
      for (let call = 0; call < (step?.activities ?? 1); call += 1) {
        response = undoing ? await this.#host.api.undo() : await this.#host.api.redo()
        done += 1
        for (const file of response.files) files.add(file)
      }
      // An entry the ledger had no step for (made before a reload of the editor) moves over as one.
      to.push(step ? (from.pop() as UndoStep) : { step: null, activities: 1, itemIds: [] })
      return this.#succeeded(item, { ...(response as MutateResponse), files: [...files] })
    } catch (error) {
      if (step && done > 0) {
        // Part of the step went: what is left of it stays where it was, what went moves over.
        step.activities -= done
        to.push({ step: step.step, activities: done, itemIds: step.itemIds })
      }
      // The server has nothing to take back: the steps were wrong, they are now.
      if (error instanceof ServerError && error.code === 'NOTHING_TO_UNDO') this.#undoSteps = []
      if (error instanceof ServerError && error.code === 'NOTHING_TO_REDO') this.#redoSteps = []
      return this.#failed(item, error)
    } finally {
      this.#setFlushing(false)
    }
  }

  #setFlushing(flushing: boolean): void {
    this.#flushing = flushing
    this.#host.instant?.setFlushing(flushing)
  }

  async #send(item: ChangeItem, step: string | null, forAgent: string | null): Promise<SubmitOutcome> {
    try {
      const request = requestOf(
        item.change,
        this.#host.refOf,
        this.#host.api.canvasId,
        this.#host.stylingFramework?.() ?? null,
      )
      this.#setFlushing(true)
      const response = await this.#host.api.mutate(request.operation, request.body as never, forAgent)
      if (response.files.length > 0) {
        const top = this.#undoSteps.at(-1)
        if (step !== null && top?.step === step) {
          top.activities += 1
          top.itemIds.push(item.id)
        } else this.#undoSteps.push({ step, activities: 1, itemIds: [item.id] })
        this.#redoSteps = []
      }
      return this.#succeeded(item, response)
    } catch (error) {
      // The server refused it: what the page shows of it goes back.
      this.#takeBack(item.id, false)
      return this.#failed(item, error)
    } finally {
      this.#setFlushing(false)
    }
  }

  #succeeded(item: ChangeItem, response: MutateResponse): SubmitOutcome {
    const done = markProcessedSucceeded(item)
    this.#replace(done)
    const map = response.prevIdToNewIdMap
    if (map && Object.keys(map).length > 0) {
      this.#items = this.#items.map((entry) =>
        entry.consumed ? entry : { ...entry, change: remap(entry.change, map) },
      )
      for (const [id, shown] of this.#shown) this.#shown.set(id, remap(shown, map))
      this.#host.remapped(map)
      this.#notify()
    }
    return { ok: true, item: done, response }
  }

  #failed(item: ChangeItem, error: unknown): SubmitOutcome {
    const reason = error instanceof Error ? error : new Error(String(error))
    // fetch() rejects with a TypeError when the server cannot be reached at all.
    const code =
      error instanceof ServerError ? error.code : error instanceof TypeError ? 'UNREACHABLE' : undefined
    const done = markProcessedFailed(item, reason.message, code)
    this.#replace(done)
    return { ok: false, item: done, error: reason }
  }

  #put(item: ChangeItem): void {
    this.#items = [...this.#items, item]
    this.#notify()
  }

  #replace(item: ChangeItem): void {
    this.#items = this.#items.map((entry) => (entry.id === item.id ? item : entry))
    this.#notify()
  }

  #notify(): void {
    for (const listener of this.#listeners) listener()
  }
}
