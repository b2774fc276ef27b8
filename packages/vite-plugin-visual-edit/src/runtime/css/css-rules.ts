/**
 * The page's style rules as one flat list: every stylesheet of a document or shadow root (adopted
 * ones too), through @import, @media, @supports, @container, @layer and nested style rules, each
 * rule with its full selector and the conditions and layer it sits under. Kept per stylesheet and
 * made again only when the sheet is replaced (Vite's HMR and Tailwind write a new one) or its rule
 * count changes (insertRule).
 */
import {
  DARK_MODIFIER,
  RESPONSIVE_BREAKPOINTS_REM,
  RESPONSIVE_MODIFIERS,
  type ResponsiveModifier,
  STATE_MODIFIERS,
  type StyleModifier,
} from '../../protocol/styling.ts'
import { OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { resolveNested, type ScannedSelector, type SelectorMark, scanSelector } from './css-selectors.ts'

/**
 * Pseudo-classes of a state the element may or may not be in. A rule waiting for one is listed for
 * the element as if the state held; only STATE_MODIFIERS can be forced and are modifiers.
 */
export const STATE_PSEUDO_CLASSES: ReadonlySet<string> = new Set([
  ...STATE_MODIFIERS,
  'focus-visible',
  'focus-within',
  'checked',
  'visited',
  'target',
  'placeholder-shown',
])

/** An @media, @supports or @container condition a rule sits under. */
export interface RuleCondition {
  kind: 'media' | 'supports' | 'container'
  /** Its `conditionText` (a container's name first), or a sheet's or an import's media list. */
  text: string
  /** The modifier it stands for (a breakpoint, dark): the editor chooses it, the rule is not bound to it. */
  modifier: StyleModifier | null
}

/** A style rule, or a nested rule's declarations, as if written flat. */
export interface FlatRule {
  style: CSSStyleDeclaration
  /** Nesting resolved: `&:hover` under `.a` is `.a:hover`. */
  selector: string
  scan: ScannedSelector
  /** Outermost first; rules under one group share the array. */
  conditions: readonly RuleCondition[]
  /** The dotted cascade layer (`utilities`, `a.b`); '' inside an anonymous one; null outside layers. */
  layer: string | null
  filename: string | null
  /** Its pseudo-classes of STATE_PSEUDO_CLASSES (not inside `:not()`). */
  states: SelectorMark[]
  modifiers: StyleModifier[]
  /** Under a breakpoint's media condition. */
  responsive: boolean
  /** Made on first use: the selector with its states taken as holding and `.dark` as on. */
  listing?: string
  declarations?: [string, string][]
}

interface CssRuleLike {
  selectorText?: string
  style?: CSSStyleDeclaration
  cssRules?: CSSRuleList
  conditionText?: string
  name?: string
  type?: number
  styleSheet?: CSSStyleSheet | null
  media?: MediaList
  layerName?: string | null
}

const PAGE_RULE = 6
const WIDTH_TEST = /\(\s*(min-|max-)?width\s*(:|[<>]=?)\s*([\d.]+)(px|r?em)\s*\)/g
const DARK_MEDIA = /prefers-color-scheme:\s*dark/

const cache = new WeakMap<CSSStyleSheet, { rules: CSSRuleList; length: number; flat: FlatRule[] }>()
const unreadable = new WeakSet<CSSStyleSheet>()

/** The width comparisons of a media or container condition, in px (1rem = 16px, as media queries count). */
function widthTests(text: string): [string, number][] {
  return [...text.matchAll(WIDTH_TEST)].map(([, prefix, op, value, unit]) => [
    prefix === 'min-' ? '>=' : prefix === 'max-' ? '<=' : (op as string),
    Number(value) * (unit === 'px' ? 1 : 16),
  ])
}

/** Whether every width comparison of `text` holds for `width` px (`(width >= 40rem)`, `(max-width: 600px)`). */
export function widthHolds(text: string, width: number): boolean {
  return widthTests(text).every(([op, px]) =>
    op === '>='
      ? width >= px
      : op === '>'
        ? width > px
        : op === '<='
          ? width <= px
          : op === '<'
            ? width < px
            : width === px,
  )
}

/** The responsive variant a media condition stands for: `(width >= 48rem)` or `(min-width: 768px)` is md. */
export function breakpointOf(media: string): ResponsiveModifier | null {
  for (const [op, px] of widthTests(media)) {
    const found = RESPONSIVE_MODIFIERS.find((name) => RESPONSIVE_BREAKPOINTS_REM[name] * 16 === px)
    if (found && op.startsWith('>')) return found
  }
  return null
}

/** Declarations of a style's cssText, in order: `['padding', '1rem']`, `['color', 'red !important']`. */
export function declarationsOf(cssText: string): [string, string][] {
  const declarations: [string, string][] = []
  let depth = 0
  let quote = ''
  let start = 0
  for (let i = 0; i <= cssText.length; i++) {
    const char = cssText[i]
    if (quote) {
      if (char === '\\') i++
      else if (char === quote) quote = ''
    } else if (char === '"' || char === "'") quote = char
    else if (char === '(') depth++
    else if (char === ')') depth--
    else if (char === undefined || (char === ';' && depth === 0)) {
      const text = cssText.slice(start, i)
      const colon = text.indexOf(':')
      if (colon > 0) declarations.push([text.slice(0, colon).trim(), text.slice(colon + 1).trim()])
      start = i + 1
    }
  }
  return declarations
}

/** A rule's declarations, read once. */
export function declarationsOfRule(rule: FlatRule): [string, string][] {
  rule.declarations ??= declarationsOf(rule.style.cssText)
  return rule.declarations
}

/**
 * The rule as CSS on its own: its layer and conditions around `selector { declarations }`.
 *   before: `.md\:p-8 { @media (width >= 48rem) { padding: 2rem } }` inside `@layer utilities`
 *   after:  `@layer utilities { @media (width >= 48rem) { .md\:p-8 { padding: 2rem; } } }`
 */
export function ruleText(rule: FlatRule, selector = rule.selector): string {
  let text = `${selector} { ${rule.style.cssText} }`
  for (let i = rule.conditions.length - 1; i >= 0; i--) {
    const { kind, text: condition } = rule.conditions[i] as RuleCondition
    text = `@${kind} ${condition} { ${text} }`
  }
  return rule.layer ? `@layer ${rule.layer} { ${text} }` : text
}

/**
 * Where a sheet comes from: Vite's `data-vite-dev-id` of its `<style>` (the file's absolute path), or
 * its URL's path without the leading `/`; null for an inline `<style>` or a constructed sheet.
 */
function filenameOf(sheet: CSSStyleSheet): string | null {
  const id = (sheet.ownerNode as Element | null)?.getAttribute?.('data-vite-dev-id')
  if (id) return id
  return sheet.href ? decodeURIComponent(new URL(sheet.href).pathname.slice(1)) : null
}

/** A sheet's rules, or null (logged once) when the browser will not show them (a cross-origin sheet). */
function readRules(sheet: CSSStyleSheet): CSSRuleList | null {
  try {
    return sheet.cssRules
  } catch (error) {
    if (!unreadable.has(sheet)) {
      unreadable.add(sheet)
      console.warn(
        `[visual-edit] Skipped the stylesheet ${sheet.href}: its rules cannot be read. Serve it with CORS headers and load it with crossorigin="anonymous" to have its rules listed.`,
        error,
      )
    }
    return null
  }
}

/** One object per condition: Tailwind repeats `@media (width >= 48rem)` in every md: rule. */
const knownConditions = new Map<string, RuleCondition>()

function conditionOf(kind: RuleCondition['kind'], text: string): RuleCondition {
  const key = kind + text
  let condition = knownConditions.get(key)
  if (!condition) {
    const modifier = kind !== 'media' ? null : DARK_MEDIA.test(text) ? DARK_MODIFIER : breakpointOf(text)
    condition = { kind, text, modifier }
    if (knownConditions.size > 1000) knownConditions.clear()
    knownConditions.set(key, condition)
  }
  return condition
}

function addRule(
  out: FlatRule[],
  style: CSSStyleDeclaration,
  selector: string,
  conditions: readonly RuleCondition[],
  layer: string | null,
  filename: string | null,
) {
  // A rule that declares nothing (the parent of nested ones) is left out; so is an unreadable selector.
  if (style.length === 0) return
  const scan = scanSelector(selector)
  if (!scan) return
  const states: SelectorMark[] = []
  const modifiers: StyleModifier[] = []
  const add = (modifier: StyleModifier) => {
    if (!modifiers.includes(modifier)) modifiers.push(modifier)
  }
  let responsive = false
  for (const mark of scan.marks) {
    if (mark.negated) continue
    if (mark.kind === ':' && STATE_PSEUDO_CLASSES.has(mark.name)) {
      states.push(mark)
      if ((STATE_MODIFIERS as readonly string[]).includes(mark.name)) add(mark.name as StyleModifier)
    } else if (mark.kind === '.' && mark.name === DARK_MODIFIER) add(DARK_MODIFIER)
  }
  for (const { modifier } of conditions) {
    if (!modifier) continue
    add(modifier)
    responsive ||= modifier !== DARK_MODIFIER
  }
  out.push({ style, selector, scan, conditions, layer, filename, states, modifiers, responsive })
}

function flatten(
  out: FlatRule[],
  list: CSSRuleList,
  parent: string | null,
  conditions: readonly RuleCondition[],
  layer: string | null,
  filename: string | null,
) {
  const inLayer = (name: string) =>
    name === '' || layer === '' ? '' : layer === null ? name : `${layer}.${name}`
  for (const rule of Array.from(list) as CssRuleLike[]) {
    // Style rules first: nearly every rule is one.
    if (typeof rule.selectorText === 'string') {
      if (rule.type === PAGE_RULE) continue
      const selector = resolveNested(rule.selectorText, parent)
      if (rule.style) addRule(out, rule.style, selector, conditions, layer, filename)
      if (rule.cssRules?.length) flatten(out, rule.cssRules, selector, conditions, layer, filename)
    } else if (rule.cssRules) {
      if (typeof rule.conditionText === 'string') {
        const kind = 'containerName' in rule ? 'container' : rule.media ? 'media' : 'supports'
        const inner = [...conditions, conditionOf(kind, rule.conditionText)]
        flatten(out, rule.cssRules, parent, inner, layer, filename)
      } else if (typeof rule.name === 'string' && !('appendRule' in rule))
        // A cascade layer (@keyframes, the other named group, has appendRule).
        flatten(out, rule.cssRules, parent, conditions, inLayer(rule.name), filename)
    } else if (rule.styleSheet) {
      const imported = readRules(rule.styleSheet)
      const media = rule.media?.mediaText
      if (imported)
        flatten(
          out,
          imported,
          null,
          media ? [...conditions, conditionOf('media', media)] : conditions,
          rule.layerName == null ? layer : inLayer(rule.layerName),
          filenameOf(rule.styleSheet),
        )
    } else if (rule.style && parent !== null) addRule(out, rule.style, parent, conditions, layer, filename)
  }
}

/** One stylesheet's flat rules: [] for a disabled sheet, the inspector's own, or one it cannot read. */
function sheetRules(sheet: CSSStyleSheet): FlatRule[] {
  if (sheet.disabled || (sheet.ownerNode as Element | null)?.hasAttribute?.(OVERLAY_ATTRIBUTE)) return []
  const rules = readRules(sheet)
  if (!rules) return []
  const known = cache.get(sheet)
  if (known?.rules === rules && known.length === rules.length) return known.flat
  const flat: FlatRule[] = []
  const media = sheet.media?.mediaText
  flatten(flat, rules, null, media ? [conditionOf('media', media)] : [], null, filenameOf(sheet))
  cache.set(sheet, { rules, length: rules.length, flat })
  return flat
}

/** Every style rule that styles elements of `root` (a document or a shadow root), in cascade order of sheets. */
export function rulesOf(root: Document | ShadowRoot): FlatRule[] {
  // An element no longer in the page has neither: nothing styles it.
  return [...Array.from(root.styleSheets ?? []), ...(root.adoptedStyleSheets ?? [])].flatMap(sheetRules)
}
