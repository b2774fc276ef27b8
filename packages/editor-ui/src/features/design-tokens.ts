import type { DesignTokensResponse } from 'vite-plugin-visual-edit/protocol'
import { type ServerApi, ServerError } from '../api/server-api.ts'
import { logFailure, reasonOf } from './failures.ts'
import type { Slice, SliceStore } from './slice.ts'

export interface DesignTokensState {
  designTokens: {
    status: 'idle' | 'loading' | 'ready' | 'error'
    tokens: DesignTokensResponse | null
    error: string | null
  }
}

/**
 * The project's theme as the Styles panel offers it (docs/EDITOR.md, Styles panel): its colours first
 * in the colour picker, its breakpoints' widths, how it turns dark. Read once, when a panel first needs
 * them; a failure is shown where the tokens would be (with its reason) and can be retried.
 */
export class DesignTokens {
  readonly #slice: Slice<DesignTokensState>
  readonly #api: Pick<ServerApi, 'designTokens'>

  constructor(store: SliceStore<unknown>, deps: { api: Pick<ServerApi, 'designTokens'> }) {
    this.#slice = store.slice<DesignTokensState>({
      designTokens: { status: 'idle', tokens: null, error: null },
    })
    this.#api = deps.api
  }

  get state(): DesignTokensState {
    return this.#slice.state
  }

  get tokens(): DesignTokensResponse | null {
    return this.state.designTokens.tokens
  }

  /** Reads the tokens unless they are read or being read (`again`: after a failure, or to see a theme change). */
  load(again = false): void {
    const { status } = this.state.designTokens
    if (status === 'loading' || (!again && status !== 'idle')) return
    this.#slice.set({ designTokens: { ...this.state.designTokens, status: 'loading', error: null } })
    this.#api.designTokens().then(
      (tokens) => this.#slice.set({ designTokens: { status: 'ready', tokens, error: null } }),
      (error: unknown) => {
        logFailure("The project's design tokens could not be read")(error)
        const error404 = error instanceof ServerError && error.status === 404
        this.#slice.set({
          designTokens: {
            status: 'error',
            tokens: null,
            error: error404
              ? "This dev server does not offer the theme's tokens (update vite-plugin-visual-edit)."
              : reasonOf(error),
          },
        })
      },
    )
  }
}
