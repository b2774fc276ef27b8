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
}

interface CanvasStacks {
  undo: HistoryEntry[]
  redo: HistoryEntry[]
}

/**
 * Undo and redo stacks per canvas. A new edit clears the canvas's redo stack; the undo stack keeps
 * the newest `limit` entries.
 */
export class History {
  readonly #canvases = new Map<string, CanvasStacks>()
  readonly #limit: number

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
    stacks.undo.push(entry)
    if (stacks.undo.length > this.#limit) stacks.undo.shift()
    stacks.redo.length = 0
  }

  peekUndo(canvasId: string): HistoryEntry | undefined {
    return this.#canvases.get(canvasId)?.undo.at(-1)
  }

  peekRedo(canvasId: string): HistoryEntry | undefined {
    return this.#canvases.get(canvasId)?.redo.at(-1)
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

  sizes(canvasId: string): { undo: number; redo: number } {
    const stacks = this.#canvases.get(canvasId)
    return { undo: stacks?.undo.length ?? 0, redo: stacks?.redo.length ?? 0 }
  }
}
