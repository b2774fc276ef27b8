import type { Slice, SliceStore } from './slice.ts'
import type { Toast } from './toasts.ts'

export interface ToastsState {
  toasts: readonly Toast[]
}

/** The toasts on screen (app/Toasts.tsx draws them): what a change did, why it failed, what was ignored. */
export class Toaster {
  readonly #slice: Slice<ToastsState>
  #nextId = 0

  constructor(store: SliceStore<unknown>) {
    this.#slice = store.slice<ToastsState>({ toasts: [] })
  }

  get state(): ToastsState {
    return this.#slice.state
  }

  toast(toast: Omit<Toast, 'id'>): void {
    this.#nextId += 1
    this.#slice.set({ toasts: [...this.#slice.state.toasts, { ...toast, id: this.#nextId }] })
  }

  dismiss(id: number): void {
    this.#slice.set({ toasts: this.#slice.state.toasts.filter((toast) => toast.id !== id) })
  }
}
