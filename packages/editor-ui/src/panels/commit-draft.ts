export type CommitState = 'idle' | 'saving' | 'failed'

/** What the field shows: the text, and whether it is being saved or was refused. */
export interface CommitView {
  readonly draft: string
  readonly state: CommitState
}

/** Sends a change from `base` (the code's value the typing started from) to `draft`; true when written. */
export type Commit = (draft: string, base: string) => Promise<boolean>

/**
 * The text of a field that edits on commit (the element panel's Classes and Text), kept apart from
 * React so that its order of events can be tested:
 *
 * - A commit sends the draft when it differs from the code's value it started from (`base`), so an
 *   edit made meanwhile on disk is refused by the server, not overwritten.
 * - A commit asked while one is being saved is not dropped: it follows, from what the first wrote.
 * - After a save the draft is the code. The code's value the editor still had (its lookup is asked
 *   again after the write, and answers a moment later) does not put the old text back meanwhile.
 * - A new value from the code shows when the field is untouched; a refused change keeps what the user
 *   typed (`failed`), so nothing typed is lost.
 * - Cancel puts the code's value back, and the blur that follows saves nothing.
 */
export class CommitDraft {
  readonly #commit: Commit
  readonly #listeners = new Set<() => void>()
  #view: CommitView
  /** The code's value the draft started from. */
  #base: string
  /** The code's value as the editor last heard it. */
  #code: string
  /** The code's value a save replaced while the editor still said so: not put back when heard again. */
  #replaced: string | null = null
  /** A commit was asked while saving. */
  #again = false
  /** The next save is the blur that follows a cancel. */
  #skipNext = false
  /** Cancelled while saving: the field shows what the save leaves in the code. */
  #cancelledWhileSaving = false

  constructor(value: string, commit: Commit) {
    this.#commit = commit
    this.#base = value
    this.#code = value
    this.#view = { draft: value, state: 'idle' }
  }

  get view(): CommitView {
    return this.#view
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** The user typed. */
  type(draft: string): void {
    this.#show({ draft })
  }

  /** What the code says now (the lookups). */
  codeSays(value: string): void {
    if (value === this.#code) return
    this.#code = value
    if (this.#replaced !== null) {
      if (value === this.#replaced) return
      this.#replaced = null
    }
    if (this.#view.draft === this.#base && this.#base !== value && this.#view.state !== 'saving') {
      this.#base = value
      this.#show({ draft: value })
    }
  }

  /** Escape: the code's value back, nothing sent. */
  cancel(): void {
    this.#skipNext = true
    this.#again = false
    if (this.#view.state === 'saving') {
      this.#cancelledWhileSaving = true
      return
    }
    // Until the lookups catch up with a save, the code is what the save wrote.
    if (this.#replaced === null) this.#base = this.#code
    this.#show({ draft: this.#base, state: 'idle' })
  }

  /** Enter or blur: sends the draft if it changed, after the save under way if there is one. */
  async save(): Promise<void> {
    if (this.#skipNext) {
      this.#skipNext = false
      return
    }
    if (this.#view.state === 'saving') {
      this.#again = true
      return
    }
    let from = this.#base
    let to = this.#view.draft
    if (to === from) return
    this.#show({ state: 'saving' })
    for (;;) {
      let saved: boolean
      try {
        saved = await this.#commit(to, from)
      } catch (error) {
        this.#failed(from)
        throw error
      }
      if (!saved) {
        this.#failed(from)
        return
      }
      this.#base = to
      this.#replaced = this.#code === to ? null : this.#code
      const next = this.#view.draft
      const more = this.#again && next !== to
      this.#again = false
      if (!more) break
      from = to
      to = next
    }
    this.#show(this.#takeCancel() ? { draft: to, state: 'idle' } : { state: 'idle' })
  }

  /** A refused save keeps the draft, marked; cancelled meanwhile, the code's value it started from. */
  #failed(from: string): void {
    this.#again = false
    this.#show(this.#takeCancel() ? { draft: from, state: 'idle' } : { state: 'failed' })
  }

  #takeCancel(): boolean {
    const cancelled = this.#cancelledWhileSaving
    this.#cancelledWhileSaving = false
    return cancelled
  }

  #show(change: Partial<CommitView>): void {
    const view = { ...this.#view, ...change }
    if (view.draft === this.#view.draft && view.state === this.#view.state) return
    this.#view = view
    for (const listener of this.#listeners) listener()
  }
}
