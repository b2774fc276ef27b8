import {
  type CssEvalsPayload,
  checkOutboundEvent,
  type ElementKey,
  OutboundEvent,
} from 'vite-plugin-visual-edit/protocol'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import { logFailure } from './failures.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { StylesView } from './styles.ts'

/**
 * The properties whose computed values differ among a multi-selection's elements: the Styles panel
 * shows them 'Mixed' (an empty field), the rest as the value they share.
 *
 *   first: { color: 'red', width: '40px' }, others: [{ color: 'blue', width: '40px' }]  ->  ['color']
 */
export function mixedProperties(
  first: Readonly<Record<string, string>>,
  others: readonly Readonly<Record<string, string>>[],
): string[] {
  return Object.keys(first).filter((property) => others.some((other) => other[property] !== first[property]))
}

export interface MixedStylesState {
  mixedStyles: {
    /** The first element's values the comparison was made with (null: no multi-selection compared). */
    of: CssEvalsPayload | null
    properties: ReadonlySet<string>
  }
}

const NONE: MixedStylesState['mixedStyles'] = { of: null, properties: new Set() }

/**
 * What a multi-selection's elements share (docs/EDITOR.md, Styles panel): once the Styles feature has
 * read the first element's values, the others' are read (getCssEvals, checked with the events' schema)
 * and compared. It follows the Styles feature's reads, so the panel's reading and its writes stay
 * one element's concern there; the others' values are only shown, never written from.
 */
export class MixedStyles {
  readonly #slice: Slice<MixedStylesState>
  readonly #bridge: Pick<InspectorBridge, 'call'>
  readonly #styles: () => StylesView
  readonly #targets: () => readonly ElementKey[]
  /** The read under way or done: the first's values and the selection it was for. */
  #readFor: { evals: CssEvalsPayload; targets: string } | null = null

  constructor(
    store: SliceStore<unknown>,
    deps: {
      bridge: Pick<InspectorBridge, 'call'>
      styles: () => StylesView
      targets: () => readonly ElementKey[]
    },
  ) {
    this.#slice = store.slice<MixedStylesState>({ mixedStyles: NONE })
    this.#bridge = deps.bridge
    this.#styles = deps.styles
    this.#targets = deps.targets
  }

  get state(): MixedStylesState {
    return this.#slice.state
  }

  /** The styles read or the selection changed: the others are read when the first's values are new. */
  update(): void {
    const view = this.#styles()
    const targets = this.#targets()
    const evals = view.evals
    if (targets.length < 2 || view.status !== 'ready' || !evals) {
      this.#readFor = null
      if (this.state.mixedStyles !== NONE) this.#slice.set({ mixedStyles: NONE })
      return
    }
    const signature = JSON.stringify(targets)
    if (this.#readFor?.evals === evals && this.#readFor.targets === signature) return
    const asked = { evals, targets: signature }
    this.#readFor = asked
    Promise.all(
      targets.slice(1).map(async (key) => {
        const reply = checkOutboundEvent(OutboundEvent.CSS_EVALS, await this.#bridge.call('getCssEvals', key))
        if ('problem' in reply)
          throw new Error(`The app's frame answered getCssEvals wrongly: ${reply.problem}`)
        const payload = reply.payload as CssEvalsPayload | null
        if (payload === null) throw new Error('An element of the selection is no longer in the page')
        return payload.styles
      }),
    )
      .then((others) => {
        if (this.#readFor !== asked) return
        this.#slice.set({
          mixedStyles: { of: evals, properties: new Set(mixedProperties(evals.styles, others)) },
        })
      })
      .catch((error: unknown) => {
        // The panel then shows the first element's values, as it did before it compared them.
        logFailure("The other selected elements' styles could not be read")(error)
        if (this.#readFor === asked) this.#slice.set({ mixedStyles: { of: evals, properties: new Set() } })
      })
  }
}
