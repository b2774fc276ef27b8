import {
  DARK_MODIFIER,
  type DesignToken,
  type DesignTokensResponse,
  type ElementKey,
  FORCED_STATE_CLASS_PREFIX,
  RESPONSIVE_BREAKPOINTS_REM,
  RESPONSIVE_MODIFIERS,
  type ResponsiveModifier,
  type StateModifier,
  type StyleModifier,
} from 'vite-plugin-visual-edit/protocol'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import { logFailure, reasonOf } from './failures.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { Toaster } from './toaster.ts'
import type { View } from './view.ts'

/** What the Styles panel's edits target: a forced state, a breakpoint, dark mode (all off: the base style). */
export interface StyleScope {
  state: StateModifier | null
  breakpoint: ResponsiveModifier | null
  dark: boolean
}

export interface StyleScopeState {
  styleScope: StyleScope
}

export const BASE_SCOPE: StyleScope = { state: null, breakpoint: null, dark: false }

/**
 * The modifiers an edit made in `scope` carries (STYLING's and ADD_CLASS's `modifiers`), in the order
 * Tailwind users write them: breakpoint, dark, state.
 *
 *   { state: 'hover', breakpoint: 'md', dark: true }  ->  ['md', 'dark', 'hover']
 */
export function scopeModifiers(scope: StyleScope): StyleModifier[] {
  const modifiers: StyleModifier[] = []
  if (scope.breakpoint) modifiers.push(scope.breakpoint)
  if (scope.dark) modifiers.push(DARK_MODIFIER)
  if (scope.state) modifiers.push(scope.state)
  return modifiers
}

/** A length token in px (`48rem` -> 768, `900px` -> 900); null for anything else. */
function pixels(value: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)(rem|px|em)\s*$/.exec(value)
  if (!match) return null
  const amount = Number(match[1])
  return match[2] === 'px' ? amount : amount * 16
}

/**
 * Each breakpoint's frame width in CSS px: the project's theme's (its design tokens) where it names one,
 * else Tailwind's default (RESPONSIVE_BREAKPOINTS_REM x 16: sm 640, md 768, lg 1024, xl 1280, 2xl 1536).
 */
export function breakpointWidths(
  tokens: readonly DesignToken[] | undefined,
): Readonly<Record<ResponsiveModifier, number>> {
  const widths = {} as Record<ResponsiveModifier, number>
  for (const name of RESPONSIVE_MODIFIERS) {
    const token = tokens?.find((candidate) => candidate.name === name)
    widths[name] = (token && pixels(token.value)) ?? RESPONSIVE_BREAKPOINTS_REM[name] * 16
  }
  return widths
}

/**
 * The scope of the Styles panel's edits (docs/EDITOR.md, Styles panel): the state forced on the
 * selected element in the canvas (setModifiersForSelectedElement), the breakpoint whose width the frame
 * takes, and dark mode shown the project's way (setDarkMode: a `dark` class on the app's <html>, or its
 * prefers-color-scheme dark rules applied). The inspector drops a forced state when the selection
 * changes and the page forgets both on a reload: both are put back then.
 */
export class StyleScoping {
  readonly #slice: Slice<StyleScopeState>
  readonly #bridge: Pick<InspectorBridge, 'call'>
  readonly #view: Pick<View, 'setWidth' | 'state'>
  readonly #toaster: Toaster
  readonly #tokens: () => DesignTokensResponse | null
  readonly #selected: () => readonly ElementKey[]
  /** The frame's width before a breakpoint was chosen: Base gives it back. */
  #baseWidth: number | null = null

  constructor(
    store: SliceStore<unknown>,
    deps: {
      bridge: Pick<InspectorBridge, 'call'>
      view: Pick<View, 'setWidth' | 'state'>
      toaster: Toaster
      /** The design tokens, once read (their breakpoints and dark strategy). */
      tokens: () => DesignTokensResponse | null
      selected: () => readonly ElementKey[]
    },
  ) {
    this.#slice = store.slice<StyleScopeState>({ styleScope: BASE_SCOPE })
    this.#bridge = deps.bridge
    this.#view = deps.view
    this.#toaster = deps.toaster
    this.#tokens = deps.tokens
    this.#selected = deps.selected
  }

  get state(): StyleScopeState {
    return this.#slice.state
  }

  get modifiers(): StyleModifier[] {
    return scopeModifiers(this.state.styleScope)
  }

  /** Forces `state` on the selected element in the canvas (null: none); edits then target it. */
  setState(state: StateModifier | null): Promise<void> {
    this.#set({ state })
    return this.forceState()
  }

  /** The frame takes the breakpoint's width (null: back to the width from before); edits get its prefix. */
  setBreakpoint(breakpoint: ResponsiveModifier | null): void {
    const before = this.state.styleScope.breakpoint
    if (breakpoint === before) return
    if (before === null) this.#baseWidth = this.#view.state.width
    this.#set({ breakpoint })
    if (breakpoint) this.#view.setWidth(breakpointWidths(this.#tokens()?.breakpoints)[breakpoint])
    else if (this.#baseWidth !== null) {
      this.#view.setWidth(this.#baseWidth)
      this.#baseWidth = null
    }
  }

  /** The app shown dark, the project's way; edits get `dark:`. */
  setDark(dark: boolean): Promise<void> {
    this.#set({ dark })
    return this.#showDark()
  }

  /** The selection changed: the inspector dropped the forced state, which goes on the new element. */
  selectionChanged(): void {
    if (this.state.styleScope.state) void this.forceState()
  }

  /**
   * A new tree (an edit written, a hot update): React may have written the element's className again
   * without the forced state's class (`classList`: the element's, in the tree), and a stylesheet may
   * have changed the dark rules. Forcing again only when the class is gone: forcing changes the class
   * list, and a change of it brings another tree.
   */
  pageChanged(classList: readonly string[] | undefined): void {
    const { state, dark } = this.state.styleScope
    if (state && !classList?.includes(`${FORCED_STATE_CLASS_PREFIX}${state}`)) void this.forceState()
    if (dark) void this.#showDark()
  }

  /** The page reloaded and forgot both. */
  reconnected(): void {
    if (this.state.styleScope.state) void this.forceState()
    if (this.state.styleScope.dark) void this.#showDark()
  }

  /** Forces the scope's state on the selected element again (also after an instant update of a state's style). */
  forceState(): Promise<void> {
    const { state } = this.state.styleScope
    if (this.#selected().length !== 1) return Promise.resolve()
    return this.#bridge.call('setModifiersForSelectedElement', state ? [state] : []).then(
      () => undefined,
      (error: unknown) => {
        logFailure(`The canvas did not force the ${state ?? 'cleared'} state`)(error)
        this.#toaster.toast({
          kind: 'error',
          title: state
            ? `The canvas could not show the element in ${state}.`
            : 'The canvas kept a forced state.',
          detail: `${reasonOf(error)}. Select the element again, or reload the editor if this persists.`,
        })
      },
    )
  }

  /**
   * Dark shown as the project turns dark (its design tokens' darkMode): 'class' puts `dark` on the
   * app's <html>, 'media' applies its prefers-color-scheme dark rules (the inspector's setDarkMode).
   * Unknown (no tokens): 'media', the default of Tailwind and of plain CSS.
   */
  async #showDark(): Promise<void> {
    const { dark } = this.state.styleScope
    const strategy = this.#tokens()?.darkMode === 'class' ? 'class' : 'media'
    await this.#bridge.call('setDarkMode', dark ? strategy : null).then(
      () => undefined,
      (error: unknown) => {
        logFailure(`The app was not ${dark ? 'switched to' : 'switched back from'} dark`)(error)
        this.#toaster.toast({
          kind: 'error',
          title: `Could not show the app ${dark ? 'dark' : 'light'}.`,
          detail: `${reasonOf(error)}. Toggle Dark again once the app is connected.`,
        })
      },
    )
  }

  #set(patch: Partial<StyleScope>): void {
    this.#slice.set({ styleScope: { ...this.state.styleScope, ...patch } })
  }
}
