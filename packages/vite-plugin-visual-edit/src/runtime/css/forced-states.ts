import { FORCED_STATE_CLASS_PREFIX, STATE_MODIFIERS, type StateModifier } from '../../protocol/styling.ts'
import { type InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { type FlatRule, rulesOf, ruleText } from './css-rules.ts'
import { replaceMarks } from './css-selectors.ts'

/** A forced state's class: `tempo-force-hover` stands for `:hover` on the elements that carry it. */
export const FORCE_CLASS_PREFIX = FORCED_STATE_CLASS_PREFIX

/**
 * The rule's selector with each forced state as its force class and its other states taken as holding.
 *   before: `.hover\:bg-red-500:hover`
 *   after:  `.hover\:bg-red-500.tempo-force-hover`
 */
export function forcedSelector(rule: FlatRule, forced: ReadonlySet<StateModifier>, others = false): string {
  return replaceMarks(rule.selector, rule.states, (mark) =>
    forced.has(mark.name as StateModifier) ? `.${FORCE_CLASS_PREFIX}${mark.name}` : others ? ':is(*)' : null,
  )
}

export interface ForcedStates {
  /** The states forced now (empty: none). */
  readonly active: ReadonlySet<StateModifier>
  /** Clears the forced states when the selection changes. */
  start(): void
  /** Clears them and stops listening. */
  stop(): void
  /**
   * Forces `modifiers` (STATE_MODIFIERS only; others throw) on `elements`, after clearing the ones
   * forced before; an empty list only clears. Returns the states forced.
   */
  set(modifiers: readonly string[], elements: readonly Element[]): StateModifier[]
}

/**
 * Forced pseudo-states (docs/INSPECTOR.md, CSS rules): the selected element's nodes get a force class
 * per state, and each rule waiting for that state that could then style them (the element, what it
 * holds, its siblings: `hover:`, `group-hover:`, `peer-hover:`) is copied, the state replaced by the
 * class, into a `<style>` of the inspector's own, under the same conditions and cascade layer.
 *   before: `.hover\:bg-red-500:hover { ... }`
 *   after:  `.hover\:bg-red-500.tempo-force-hover { ... }` and class `tempo-force-hover` on the element
 */
export function createForcedStates(context: InspectorContext): ForcedStates {
  let active = new Set<StateModifier>()
  let forcedOn: readonly Element[] = []
  let style: HTMLStyleElement | null = null
  let unsubscribe = () => {}

  const clear = () => {
    for (const element of forcedOn)
      for (const state of active) element.classList.remove(FORCE_CLASS_PREFIX + state)
    forcedOn = []
    active = new Set()
    style?.remove()
    style = null
  }

  const copyRules = (root: Document | ShadowRoot, elements: readonly Element[]) => {
    const sheetOwner = root.nodeType === 9 ? (root as Document).head : root
    style = context.doc.createElement('style')
    style.setAttribute(OVERLAY_ATTRIBUTE, 'forced-states')
    sheetOwner.append(style)
    const sheet = style.sheet as CSSStyleSheet
    for (const rule of rulesOf(root)) {
      if (!rule.states.some((mark) => active.has(mark.name as StateModifier))) continue
      // With the classes on, a copy can style something only if this finds it near the elements.
      const probe = forcedSelector(rule, active, true)
      const reaches = elements.some((element) => {
        const scope = element.parentElement ?? element
        try {
          return scope.matches(probe) || scope.querySelector(probe) !== null
        } catch {
          return false
        }
      })
      if (!reaches) continue
      const text = ruleText(rule, forcedSelector(rule, active))
      try {
        sheet.insertRule(text, sheet.cssRules.length)
      } catch (error) {
        console.warn(`[visual-edit] Could not add the forced-state rule ${text}; it is left out.`, error)
      }
    }
  }

  return {
    get active() {
      return active
    },
    start() {
      unsubscribe()
      unsubscribe = context.on((type) => {
        if (type === 'selection') clear()
      })
    },
    stop() {
      unsubscribe()
      unsubscribe = () => {}
      clear()
    },
    set(modifiers, elements) {
      for (const modifier of modifiers) {
        if (!(STATE_MODIFIERS as readonly string[]).includes(modifier))
          throw new Error(
            `Cannot force the state '${modifier}': use one of ${STATE_MODIFIERS.join(', ')} (or [] to clear).`,
          )
      }
      clear()
      const first = elements[0]
      if (modifiers.length === 0 || !first) return []
      active = new Set(modifiers as StateModifier[])
      forcedOn = elements
      for (const element of elements)
        for (const state of active) element.classList.add(FORCE_CLASS_PREFIX + state)
      copyRules(first.getRootNode() as Document | ShadowRoot, elements)
      return [...active]
    },
  }
}
