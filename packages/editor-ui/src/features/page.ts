import { type HydrationReport, HydrationStatus } from 'vite-plugin-visual-edit/protocol'
import { type InspectorBridge, PortClosedError } from '../port/inspector-bridge.ts'
import { logFailure, reasonOf } from './failures.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { Toaster } from './toaster.ts'

export interface PageState {
  /** The frame's address as the app last reported it (LATEST_HREF). */
  href: string
  /** The app reported a hydration error (HYDRATION_STATUS). */
  hydrationError: boolean
  /** The AI context is on: the outlines take its colour. */
  ai: boolean
  /** The addresses the app reported this session, newest first, each once (the palette's routes). */
  visited: readonly string[]
}

/** Addresses kept in `visited`. */
const VISITED_KEPT = 50

/** The navigations of the toolbar's buttons, by the function that makes them. */
const NAVIGATIONS = { goBack: 'Back', goForward: 'Forward', refresh: 'Reload' } as const

/** The app's page in the frame: its address and hydration as it reports them, its history, the AI context. */
export class Page {
  readonly #slice: Slice<PageState>
  readonly #bridge: InspectorBridge
  readonly #toaster: Toaster

  constructor(store: SliceStore<unknown>, deps: { bridge: InspectorBridge; toaster: Toaster }) {
    this.#slice = store.slice<PageState>({ href: '', hydrationError: false, ai: false, visited: [] })
    this.#bridge = deps.bridge
    this.#toaster = deps.toaster
  }

  get state(): PageState {
    return this.#slice.state
  }

  /** LATEST_HREF. */
  hrefReported(href: string): void {
    const visited = [href, ...this.state.visited.filter((known) => known !== href)].slice(0, VISITED_KEPT)
    this.#slice.set({ href, visited: URL.canParse(href) ? visited : this.state.visited })
  }

  /** HYDRATION_STATUS. */
  hydrationReported(report: HydrationReport): void {
    this.#slice.set({ hydrationError: report.status === HydrationStatus.ERROR })
  }

  setAi(ai: boolean): void {
    this.#slice.set({ ai })
    this.#bridge
      .call('setAiContext', ai)
      .catch(logFailure("The app's outlines did not get the AI context (a reconnection sends it)"))
  }

  /**
   * Back, forward or reload in the frame, as the user asked. A port that closes before the answer is
   * the page going away, as asked; any other failure is the user's to know.
   */
  navigate(action: keyof typeof NAVIGATIONS): void {
    this.#bridge.call(action).catch((error: unknown) => {
      if (error instanceof PortClosedError) return
      this.#toaster.toast({
        kind: 'error',
        title: `${NAVIGATIONS[action]} did not reach the app.`,
        detail: reasonOf(error),
      })
    })
  }
}
