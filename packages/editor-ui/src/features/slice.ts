/**
 * A feature's own state: an immutable object that only the feature holding the slice writes (it is
 * made with the feature and handed to no one else). Every `set` tells the store, which keeps the
 * snapshot React reads (`SliceStore.state`, composed of every slice) up to date.
 */
export class Slice<State extends object> {
  #state: State
  readonly #changed: () => void

  constructor(initial: State, changed: () => void) {
    this.#state = initial
    this.#changed = changed
  }

  get state(): State {
    return this.#state
  }

  set(patch: Partial<State>): void {
    this.#state = { ...this.#state, ...patch }
    this.#changed()
  }
}

/**
 * The editor's read model for React: one snapshot composed of the features' slices (`compose`), made
 * again only after a slice changed, so `useSyncExternalStore` sees the same object until then. It holds
 * no state of its own: each piece lives in one slice, a machine or the ledger (docs/ARCHITECTURE.md,
 * The editor's state).
 */
export class SliceStore<Snapshot> {
  #snapshot: Snapshot | null = null
  readonly #compose: () => Snapshot
  readonly #listeners = new Set<() => void>()

  constructor(compose: () => Snapshot) {
    this.#compose = compose
  }

  /** A new slice whose changes this store tells its subscribers about. */
  slice<State extends object>(initial: State): Slice<State> {
    return new Slice(initial, () => {
      this.#snapshot = null
      for (const listener of this.#listeners) listener()
    })
  }

  get state(): Snapshot {
    this.#snapshot ??= this.#compose()
    return this.#snapshot
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
