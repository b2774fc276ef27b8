import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import type { ProcessedCssRule } from '../../protocol/messages.ts'
import { DARK_MODIFIER, type StateModifier } from '../../protocol/styling.ts'
import {
  declarationsOfRule,
  type FlatRule,
  type RuleCondition,
  rulesOf,
  ruleText,
  STATE_PSEUDO_CLASSES,
  widthHolds,
} from './css-rules.ts'
import { replaceMarks } from './css-selectors.ts'
import { forcedSelector } from './forced-states.ts'

/** The properties an element inherits from its parent (custom properties aside): the fixed list. */
export const INHERITED_PROPERTIES: ReadonlySet<string> = new Set(
  (
    'accent-color border-collapse border-spacing caption-side caret-color color color-scheme cursor direction ' +
    'empty-cells font font-family font-feature-settings font-kerning font-optical-sizing font-size ' +
    'font-size-adjust font-stretch font-style font-synthesis font-variant font-variant-caps ' +
    'font-variant-ligatures font-variant-numeric font-variation-settings font-weight hyphens letter-spacing ' +
    'line-height list-style list-style-image list-style-position list-style-type orphans overflow-wrap ' +
    'paint-order pointer-events quotes tab-size text-align text-align-last text-indent text-rendering ' +
    'text-shadow text-transform text-wrap text-wrap-mode text-wrap-style visibility white-space ' +
    'white-space-collapse widows word-break word-spacing writing-mode -webkit-font-smoothing ' +
    '-moz-osx-font-smoothing -webkit-text-fill-color'
  ).split(' '),
)

/**
 * Cascade layers whose rules Tailwind generates (v4): they are not in any file the editor could
 * change, so their rules do not allow changes (a utility changes through the class list).
 */
const GENERATED_LAYERS = ['properties', 'theme', 'base', 'utilities']

/** The selector an element must match to have the rule listed: states taken as holding, `.dark` as on. */
function listingSelector(rule: FlatRule): string {
  rule.listing ??= replaceMarks(rule.selector, rule.scan.marks, (mark) =>
    mark.negated
      ? null
      : mark.kind === ':' && STATE_PSEUDO_CLASSES.has(mark.name)
        ? ':is(*)'
        : mark.kind === '.' && mark.name === DARK_MODIFIER
          ? ':root'
          : null,
  )
  return rule.listing
}

/** `element.matches`, false for a selector the browser will not take. */
export function matchesSafely(element: Element, selector: string): boolean {
  try {
    return element.matches(selector)
  } catch {
    return false
  }
}

/** Whether the element's classes hold every subject class of one of the selector's branches. */
function mayMatch(rule: FlatRule, classes: ReadonlySet<string>): boolean {
  return rule.scan.subjects.some((subject) =>
    subject.every((name) => name === DARK_MODIFIER || classes.has(name)),
  )
}

/** The element's parent, through a shadow root to its host. */
function parentOf(element: Element): Element | null {
  return element.parentElement ?? (element.parentNode as ShadowRoot | null)?.host ?? null
}

/** What one call asks about conditions: media and supports answered once per text. */
function conditionTester(win: Window) {
  const known = new Map<string, boolean>()
  const container = (element: Element, text: string) => {
    const name = /^([\w-]+)\s/.exec(text)?.[1]
    for (let box = parentOf(element); box; box = parentOf(box)) {
      const style = win.getComputedStyle(box)
      if (style.getPropertyValue('container-type') === 'normal') continue
      if (name && !style.getPropertyValue('container-name').split(' ').includes(name)) continue
      const width =
        box.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
      return widthHolds(text, width)
    }
    return false
  }
  return (condition: RuleCondition, element: Element): boolean => {
    if (condition.kind === 'container') return container(element, condition.text)
    const key = condition.kind + condition.text
    let holds = known.get(key)
    if (holds === undefined) {
      holds =
        condition.kind === 'media'
          ? win.matchMedia(condition.text).matches
          : (win as Window & typeof globalThis).CSS.supports(condition.text)
      known.set(key, holds)
    }
    return holds
  }
}

/** What the rule functions know about the element asked for. */
export interface RuleTarget {
  element: Element
  codebaseId: string | null
  /** The states forced on it now (forced-states.ts). */
  forced: ReadonlySet<StateModifier>
}

/**
 * The CSS rules for an element (docs/INSPECTOR.md, CSS rules): its own rules, in the order of the
 * sheets, then the rules its ancestors get that set an inheritable property (nearest ancestor first).
 * A rule is the element's when its selector matches with its states (`:hover`, ...) taken as holding
 * and `.dark` as on, whether or not its conditions hold now; a responsive rule (under a breakpoint)
 * that does not apply now is listed only for an element with exactly one class, or for a variant
 * class of its own (`md:p-8`).
 */
export function processRules(win: Window, { element, codebaseId, forced }: RuleTarget): ProcessedCssRule[] {
  const holds = conditionTester(win)
  const out: ProcessedCssRule[] = []
  const listed = new Set<FlatRule>()
  const rootsRules = new Map<Node, FlatRule[]>()
  const rulesFor = (of: Element) => {
    const root = of.getRootNode()
    let rules = rootsRules.get(root)
    if (!rules) {
      rules = rulesOf(root as Document | ShadowRoot)
      rootsRules.set(root, rules)
    }
    return rules
  }

  const describe = (
    rule: FlatRule,
    on: Element,
    applied: boolean,
    inherited: boolean,
    styles: [string, string][],
  ): ProcessedCssRule => {
    const subjects = rule.scan.subjects.flat()
    const classParsed = subjects.find((name) => on.classList.contains(name)) ?? subjects[0] ?? null
    const generated = GENERATED_LAYERS.includes(rule.layer?.split('.')[0] ?? '')
    return {
      filename: rule.filename,
      selector: rule.selector,
      styles: Object.fromEntries(styles),
      applied,
      allowChanges: !inherited && !!rule.filename && !rule.filename.includes('node_modules/') && !generated,
      removable: !inherited && classParsed !== null && on.classList.contains(classParsed),
      inherited,
      modifiers: rule.modifiers,
      classParsed,
      cssText: ruleText(rule),
      codebaseId: inherited ? on.getAttribute(CODEBASE_ID_ATTRIBUTE) : codebaseId,
      eligibleToApply:
        applied ||
        (rule.states.every((mark) => rule.modifiers.includes(mark.name as StateModifier)) &&
          rule.conditions.every((condition) => condition.modifier || holds(condition, on))),
    }
  }

  const classes = new Set(element.classList)
  for (const rule of rulesFor(element)) {
    if (!mayMatch(rule, classes) || !matchesSafely(element, listingSelector(rule))) continue
    const now = rule.conditions.every((condition) => holds(condition, element))
    const isForced = forced.size > 0 && rule.states.some((mark) => forced.has(mark.name as StateModifier))
    const applied =
      now &&
      (matchesSafely(element, rule.selector) ||
        (isForced && matchesSafely(element, forcedSelector(rule, forced))))
    const variantClass = rule.scan.subjects.flat().some((name) => name.includes(':') && classes.has(name))
    if (rule.responsive && !applied && classes.size !== 1 && !variantClass) continue
    listed.add(rule)
    out.push(describe(rule, element, applied, false, declarationsOfRule(rule)))
  }

  for (let ancestor = parentOf(element); ancestor; ancestor = parentOf(ancestor)) {
    const ancestorClasses = new Set(ancestor.classList)
    for (const rule of rulesFor(ancestor)) {
      if (listed.has(rule) || !mayMatch(rule, ancestorClasses)) continue
      const inheritable = declarationsOfRule(rule).filter(([property]) => INHERITED_PROPERTIES.has(property))
      if (inheritable.length === 0 || !matchesSafely(ancestor, rule.selector)) continue
      if (!rule.conditions.every((condition) => holds(condition, ancestor))) continue
      listed.add(rule)
      out.push(describe(rule, ancestor, true, true, inheritable))
    }
  }
  return out
}
