import type { ElementKey } from '../../protocol/element-key.ts'
import {
  type CssEvalsPayload,
  OutboundEvent,
  type ProcessedCssRule,
  type RuleMatchPayload,
} from '../../protocol/messages.ts'
import type { InspectorEventPayloads } from '../../protocol/port.ts'
import type { StateModifier } from '../../protocol/styling.ts'
import type { InspectorContext } from '../core/context.ts'
import type { Selection } from '../selection/selection.ts'
import type { NavTree } from '../tree/nav-tree.ts'
import { cssEvals } from './css-evals.ts'
import { createForcedStates } from './forced-states.ts'
import { matchesSafely, processRules } from './processed-css-rules.ts'

export interface CssFunctions {
  start(): void
  stop(): void
  /** processRulesForSelectedElement: the rules of the element (`key`, else the selection); sent as PROCESSED_CSS_RULES. */
  processRules(key?: ElementKey | null): ProcessedCssRule[]
  /** getCssEvals: the element's collected computed values (null without an element); sent as CSS_EVALS. */
  cssEvals(key?: ElementKey | null): CssEvalsPayload | null
  /** ruleMatchesElement: whether `selector` matches the element (false when invalid); sent as RULE_MATCH. */
  ruleMatches(selector: string, key?: ElementKey | null): RuleMatchPayload
  /** setModifiersForSelectedElement: forces these states on the selected element ([] clears). */
  setModifiers(modifiers: readonly string[]): StateModifier[]
}

/**
 * The CSS functions of the function table (docs/INSPECTOR.md, CSS rules): each answers for the element
 * of the key it is given, else the selected one (a component's first element), replies, and sends its
 * event to the editor.
 */
export function createCssFunctions(
  context: InspectorContext,
  tree: Pick<NavTree, 'elementsOf'>,
  selection: Pick<Selection, 'selected'>,
): CssFunctions {
  const forced = createForcedStates(context)
  const target = (key?: ElementKey | null) => {
    const wanted = key ?? selection.selected
    const element = wanted ? tree.elementsOf(wanted)[0] : undefined
    return wanted && element ? { key: wanted, element } : null
  }
  const reply = <Event extends OutboundEvent>(type: Event, payload: InspectorEventPayloads[Event]) => {
    context.send(type, payload)
    return payload
  }

  return {
    start: () => forced.start(),
    stop: () => forced.stop(),
    processRules(key) {
      const found = target(key)
      const rules = found
        ? processRules(context.win, {
            element: found.element,
            codebaseId: found.key.codebaseId,
            forced: forced.active,
          })
        : []
      return reply(OutboundEvent.PROCESSED_CSS_RULES, rules)
    },
    cssEvals(key) {
      const found = target(key)
      return reply(OutboundEvent.CSS_EVALS, found ? cssEvals(context.win, found.element) : null)
    },
    ruleMatches(selector, key) {
      const element = target(key)?.element
      const matches = element !== undefined && matchesSafely(element, String(selector))
      return reply(OutboundEvent.RULE_MATCH, { selector, matches })
    },
    setModifiers(modifiers) {
      const selected = selection.selected
      return forced.set(modifiers ?? [], selected ? tree.elementsOf(selected) : [])
    },
  }
}
