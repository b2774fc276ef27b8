import type { MutateOperation } from '../../protocol/mutate-routes.ts'

/** One file of an undo entry: its exact bytes before and after the edit (null: it did not exist). */
export interface FileVersions {
  /** Absolute path as the element index knows it. */
  file: string
  relativePath: string
  before: Buffer | null
  after: Buffer | null
  /** Permission bits to write it with. */
  mode: number
}

/** One edit: every file it changed, undone and redone together. */
export interface HistoryEntry {
  files: FileVersions[]
  /** Directories the edit created for new files; undo removes them again when they are empty. */
  directories: string[]
  /** The route that made it (named in the History panel); absent for an edit made without one. */
  operation?: MutateOperation
  /** An agent made it (through `visual-edit mcp`). */
  author?: 'agent'
}

/** An entry as the history keeps it: numbered (stable through undo and redo) and dated. */
export interface RecordedEntry {
  readonly id: number
  /** When it was recorded (ms since the epoch). */
  readonly at: number
  readonly entry: HistoryEntry
}

interface CanvasStacks {
  undo: RecordedEntry[]
  redo: RecordedEntry[]
}

/**
 * Undo and redo stacks per canvas. A new edit clears the canvas's redo stack; the undo stack keeps
 * the newest `limit` entries.
 */
export class History {
  readonly #canvases = new Map<string, CanvasStacks>()
  readonly #limit: number
  #nextId = 1

  constructor(limit: number) {
    this.#limit = Math.max(1, limit)
  }

  #stacks(canvasId: string): CanvasStacks {
    let stacks = this.#canvases.get(canvasId)
    if (!stacks) {
      stacks = { undo: [], redo: [] }
      this.#canvases.set(canvasId, stacks)
    }
    return stacks
  }

  record(canvasId: string, entry: HistoryEntry): void {
    const stacks = this.#stacks(canvasId)
    stacks.undo.push({ id: this.#nextId++, at: Date.now(), entry })
    if (stacks.undo.length > this.#limit) stacks.undo.shift()
    stacks.redo.length = 0
  }

  peekUndo(canvasId: string): HistoryEntry | undefined {
    return this.#canvases.get(canvasId)?.undo.at(-1)?.entry
  }

  peekRedo(canvasId: string): HistoryEntry | undefined {
    return this.#canvases.get(canvasId)?.redo.at(-1)?.entry
  }

  /** Moves the newest undo entry to the redo stack (after it was applied). */
  undone(canvasId: string): void {
    const stacks = this.#stacks(canvasId)
    const entry = stacks.undo.pop()
    if (entry) stacks.redo.push(entry)
  }

  /** Moves the newest redo entry back to the undo stack (after it was applied). */
  redone(canvasId: string): void {
    const stacks = this.#stacks(canvasId)
    const entry = stacks.redo.pop()
    if (entry) stacks.undo.push(entry)
  }

  get limit(): number {
    return this.#limit
  }

  /**
   * The canvas's timeline, oldest first: the entries undo can take back, then the ones redo can put
   * again (the next redo first); `applied` of them are applied.
   */
  timeline(canvasId: string): { entries: readonly RecordedEntry[]; applied: number } {
    const stacks = this.#canvases.get(canvasId)
    if (!stacks) return { entries: [], applied: 0 }
    return { entries: [...stacks.undo, ...[...stacks.redo].reverse()], applied: stacks.undo.length }
  }

  sizes(canvasId: string): { undo: number; redo: number } {
    const stacks = this.#canvases.get(canvasId)
    return { undo: stacks?.undo.length ?? 0, redo: stacks?.redo.length ?? 0 }
  }
}
