import type { AppRoute, ElementKey } from 'vite-plugin-visual-edit/protocol'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import type { AppFrame } from './app-frame.ts'
import { logFailure, reasonOf } from './failures.ts'
import type { Selection } from './selection.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { Toaster } from './toaster.ts'

export interface PaletteState {
  /** The command palette is open (Cmd/Ctrl+K). */
  paletteOpen: boolean
  /** The shortcuts sheet is open (`?`). */
  shortcutsOpen: boolean
  /** The routes the project's code declares, once the server was asked (null before). */
  declaredRoutes: readonly AppRoute[] | null
  /** Why the declared routes could not be read, if they could not. */
  declaredRoutesError: string | null
}

export interface PaletteDeps {
  bridge: InspectorBridge
  selection: Selection
  frame: AppFrame
  /** The app's origin: the frame opens addresses of it only. */
  appOrigin: string
  /** The routes the project's code declares (the server's app-routes endpoint). */
  loadRoutes: () => Promise<readonly AppRoute[]>
  toaster: Toaster
}

/**
 * The command palette and the shortcuts sheet (docs/EDITOR.md, Command palette): whether each is
 * open, the routes the project declares (asked of the server each time the palette opens: the code
 * may have changed), and opening an address of the app in the frame.
 */
export class Palette {
  readonly #slice: Slice<PaletteState>
  readonly #deps: PaletteDeps

  constructor(store: SliceStore<unknown>, deps: PaletteDeps) {
    this.#slice = store.slice<PaletteState>({
      paletteOpen: false,
      shortcutsOpen: false,
      declaredRoutes: null,
      declaredRoutesError: null,
    })
    this.#deps = deps
  }

  get state(): PaletteState {
    return this.#slice.state
  }

  /** Opens or closes the palette (the sheet closes: one dialog at a time). */
  setPaletteOpen(open: boolean): void {
    if (open === this.state.paletteOpen) return
    this.#slice.set({ paletteOpen: open, shortcutsOpen: false })
    if (open) this.#loadRoutes()
  }

  togglePalette(): void {
    this.setPaletteOpen(!this.state.paletteOpen)
  }

  setShortcutsOpen(open: boolean): void {
    if (open !== this.state.shortcutsOpen) this.#slice.set({ shortcutsOpen: open, paletteOpen: false })
  }

  /**
   * Opens `address` (a path of the app, or a whole URL of its origin) in the frame: a full load, after
   * which the editor connects again as after any reload. Another origin is refused with a toast.
   */
  open(address: string): void {
    const { frame, appOrigin, toaster } = this.#deps
    const url = URL.canParse(address, appOrigin) ? new URL(address, appOrigin) : null
    if (!url || url.origin !== appOrigin) {
      toaster.toast({
        kind: 'error',
        title: `${address} is not an address of the app.`,
        detail: `Type a path of the app, such as /about (the app is at ${appOrigin}).`,
      })
      return
    }
    if (!frame.navigate(url.href))
      toaster.toast({
        kind: 'error',
        title: 'The app is not shown yet.',
        detail: 'Wait for it to load, then open the address again.',
      })
  }

  /**
   * The palette's jump to an element: selects it (the layers open to it and scroll it into view, the
   * canvas outlines it) and scrolls the page just enough to show it. Drive mode takes no selection:
   * choosing an element is asking to edit it, so edit mode comes back first.
   */
  async jumpTo(key: ElementKey): Promise<void> {
    const { selection, bridge } = this.#deps
    if (selection.driving) await selection.setDrive(false)
    await selection.select(key)
    await bridge
      .call('revealElement', key)
      .catch(logFailure("The app's page did not scroll to the element the palette chose"))
  }

  #loadRoutes(): void {
    this.#deps.loadRoutes().then(
      (routes) => this.#slice.set({ declaredRoutes: routes, declaredRoutesError: null }),
      (error: unknown) =>
        this.#slice.set({
          declaredRoutes: this.state.declaredRoutes ?? [],
          declaredRoutesError: `The app's routes could not be read: ${reasonOf(error)}`,
        }),
    )
  }
}
