import {
  type ElementKey,
  type ElementLookup,
  hasCodebaseIdPrefix,
  MODIFIER_RANK,
  type NavTreeNode,
  type ProcessedCssRule,
  RESPONSIVE_MODIFIERS,
  type ResponsiveModifier,
  STATE_MODIFIERS,
  type StyleModifier,
  StylingFramework,
} from 'vite-plugin-visual-edit/protocol'
import { logFailure } from './failures.ts'

/**
 * Where a style value of the selected element comes from, and where an edit of it is written
 * (docs/EDITOR.md, Styles panel): read from the inspector's rules (processRulesForSelectedElement),
 * the element's `style` prop (its node's props) and its classes (the lookup). Pure: the Styles
 * feature and the panel's source badges both ask it.
 */

/** What the element's code and page say about its styling. */
export interface ElementStyling {
  /** How the project styles (the lookups'): 'Tailwind' or 'CSS'; null before the first answer. */
  projectFramework: StylingFramework | null
  /** The classes written in its className (the lookup's). */
  classes: readonly string[]
  /** Its `style` prop, kebab-case property -> value. */
  inline: Readonly<Record<string, string>>
  /** Its CSS rules, in the order of the sheets, then the inherited ones (nearest ancestor first). */
  rules: readonly ProcessedCssRule[]
}

export type StyleSource =
  | { kind: 'inline'; value: string }
  /** A class of the element whose rule is generated (a Tailwind utility): it changes through the class list. */
  | { kind: 'class'; className: string; rule: ProcessedCssRule }
  /** A rule of a stylesheet; `editable` when it is in a project file (allowChanges). */
  | { kind: 'rule'; rule: ProcessedCssRule; editable: boolean }
  | { kind: 'inherited'; rule: ProcessedCssRule }
  /** No rule sets it: the browser's default, or what the element inherits from no rule the page lists. */
  | { kind: 'none' }

/** Where an edit of a property goes: STYLING's stylingFramework (and its rule), or why it cannot. */
export type WriteTarget =
  | { framework: typeof StylingFramework.TAILWIND }
  | { framework: typeof StylingFramework.INLINE }
  /**
   * The rule as the server finds it: its selector, and its file when the page names it relative to
   * the project (a Vite-injected sheet is named by its absolute path, which the server does not take:
   * it then finds the selector in the project's stylesheets). A CSS module's rule is named by
   * nothing: its selector is the hashed class, and the server follows the element's className to it.
   */
  | { framework: typeof StylingFramework.CSS; customProperties: { selector?: string; filename?: string } }
  | { refused: string }

const SIDES = ['top', 'right', 'bottom', 'left'] as const
type Side = (typeof SIDES)[number]
/** The logical properties that set a physical side (a left-to-right page). */
const LOGICAL: Readonly<Record<Side, readonly string[]>> = {
  top: ['block', 'block-start'],
  bottom: ['block', 'block-end'],
  left: ['inline', 'inline-start'],
  right: ['inline', 'inline-end'],
}
const CORNERS = {
  'top-left': 'start-start',
  'top-right': 'start-end',
  'bottom-right': 'end-end',
  'bottom-left': 'end-start',
} as const

/** Longhand -> the shorthands (and logical properties) that set it too. */
const COVERED_BY: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...SIDES.flatMap((side): [string, string[]][] => [
    [`padding-${side}`, ['padding', ...LOGICAL[side].map((l) => `padding-${l}`)]],
    [`margin-${side}`, ['margin', ...LOGICAL[side].map((l) => `margin-${l}`)]],
    [side, ['inset', ...LOGICAL[side].map((l) => `inset-${l}`)]],
    ...(['width', 'style', 'color'] as const).map((part): [string, string[]] => [
      `border-${side}-${part}`,
      [
        'border',
        `border-${part}`,
        `border-${side}`,
        ...LOGICAL[side].flatMap((l) => [`border-${l}`, `border-${l}-${part}`]),
      ],
    ]),
  ]),
  ...Object.entries(CORNERS).map(([corner, logical]): [string, string[]] => [
    `border-${corner}-radius`,
    ['border-radius', `border-${logical}-radius`],
  ]),
  ['row-gap', ['gap', 'grid-gap']],
  ['column-gap', ['gap', 'grid-gap']],
  ['flex-direction', ['flex-flow']],
  ['flex-wrap', ['flex-flow']],
  ['font-family', ['font']],
  ['font-size', ['font']],
  ['font-weight', ['font']],
  ['font-style', ['font']],
  ['line-height', ['font']],
  ['background-color', ['background']],
  ['background-image', ['background']],
  ['text-decoration-line', ['text-decoration']],
  ['grid-template-columns', ['grid-template', 'grid']],
  ['grid-template-rows', ['grid-template', 'grid']],
  ['overflow-x', ['overflow']],
  ['overflow-y', ['overflow']],
])

/** Whether a declaration of `declared` sets `property` (itself, or a shorthand of it). */
export function sets(declared: string, property: string): boolean {
  return declared === property || (COVERED_BY.get(property)?.includes(declared) ?? false)
}

/** `backgroundColor` -> `background-color`; kebab-case and custom properties stay. */
function kebab(name: string): string {
  if (name.startsWith('--') || name.includes('-')) return name
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace(/^ms-/, '-ms-')
}

/** Properties React writes a number to without `px` (the common ones of a style object). */
const UNITLESS = new Set(
  'opacity z-index font-weight line-height flex flex-grow flex-shrink order zoom scale orphans widows column-count tab-size'.split(
    ' ',
  ),
)

/** Parsed style props, by the prop object the tree carries (each is parsed, and its failure logged, once). */
const parsedStyles = new WeakMap<object, Record<string, string>>()

/**
 * The element's `style` prop as its node carries it (a JSON object, React's camelCase keys, numbers
 * for pixels), kebab-case property -> CSS value. None, or one the page did not send as JSON: {}.
 */
export function inlineStyleOf(node: Pick<NavTreeNode, 'props'> | undefined): Record<string, string> {
  const prop = node?.props?.style
  if (prop?.type !== 'JSON_OBJECT' || typeof prop.value !== 'string') return {}
  let out = parsedStyles.get(prop)
  if (out) return out
  out = {}
  parsedStyles.set(prop, out)
  let parsed: unknown
  try {
    parsed = JSON.parse(prop.value)
  } catch (error) {
    logFailure("The selected element's style prop did not come as JSON; its inline values are not shown")(
      error,
    )
    return out
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return out
  for (const [key, value] of Object.entries(parsed)) {
    const name = kebab(key)
    if (typeof value === 'string') out[name] = value
    else if (typeof value === 'number')
      out[name] = value === 0 || UNITLESS.has(name) ? String(value) : `${value}px`
  }
  return out
}

const important = (value: string) => /!important\s*$/.test(value)
const layered = (rule: ProcessedCssRule) => rule.cssText.includes('@layer')

/**
 * The rule whose value of `property` the element shows: of its own rules that apply now (a forced
 * state and the frame's width count), an `!important` one first, then one outside cascade layers
 * (which beats any layer: a project's plain CSS over Tailwind's utilities), then the later in the
 * sheets. Specificity is not weighed: within one kind the later rule is taken.
 */
function winningRule(property: string, rules: readonly ProcessedCssRule[]): ProcessedCssRule | null {
  let best: ProcessedCssRule | null = null
  let bestRank = -1
  for (const rule of rules) {
    if (!rule.applied || rule.inherited) continue
    const declared = Object.entries(rule.styles).filter(([name]) => sets(name, property))
    if (declared.length === 0) continue
    const rank = (declared.some(([, value]) => important(value)) ? 2 : 0) + (layered(rule) ? 0 : 1)
    if (rank >= bestRank) {
      best = rule
      bestRank = rank
    }
  }
  return best
}

/** Where the value of `property` comes from (SourceBadge shows it). */
export function sourceOf(property: string, styling: ElementStyling): StyleSource {
  const inline = Object.entries(styling.inline).find(([name]) => sets(name, property))
  if (inline) return { kind: 'inline', value: inline[1] }
  const rule = winningRule(property, styling.rules)
  if (rule) {
    const className = rule.classParsed
    if (!rule.allowChanges && className !== null && styling.classes.includes(className))
      return { kind: 'class', className, rule }
    return { kind: 'rule', rule, editable: rule.allowChanges && rule.filename !== null }
  }
  const inherited = styling.rules.find(
    (candidate) => candidate.inherited && Object.keys(candidate.styles).some((name) => sets(name, property)),
  )
  return inherited ? { kind: 'inherited', rule: inherited } : { kind: 'none' }
}

const STATE_PSEUDO = new RegExp(`:(${STATE_MODIFIERS.join('|')})(?![\\w-])`, 'g')

/**
 * A rule's selector without the states and the `.dark` ancestor it waits for: the rule a CSS edit
 * names, the server writing the edit's modifiers itself.
 *
 *   '.dark .card:hover'  ->  '.card'
 */
export function baseSelector(selector: string): string {
  return selector
    .replace(STATE_PSEUDO, '')
    .replace(/(^|,\s*)\.dark\s+/g, '$1')
    .trim()
}

const CSS_MODULE = /\.module\.css(?:[?#].*)?$/i
/** An absolute path (POSIX or Windows), as Vite's `data-vite-dev-id` names a sheet it injected. */
const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/])/

/** A plain-CSS rule of the element's own that a CSS edit may go to. */
const editableOwn = (rule: ProcessedCssRule): rule is ProcessedCssRule & { filename: string } =>
  rule.allowChanges && !rule.inherited && rule.filename !== null

/**
 * Where an edit of `property` under `modifiers` is written:
 * 1. 'Inline' when the element's `style` prop sets it (nothing else would show over it), without modifiers;
 * 2. 'CSS' on the rule that gives the value when that rule is the project's (allowChanges);
 * 3. 'Tailwind' in a Tailwind project, unless the element's classes are all plain-CSS classes;
 * 4. 'CSS' on the last plain-CSS rule of one of its classes, or of a CSS module styling it (states and
 *    breakpoints added by the server);
 * 5. 'Inline' otherwise, which cannot take states, breakpoints or dark mode (refused, with what to do).
 */
export function writeTargetFor(
  property: string,
  styling: ElementStyling,
  modifiers: readonly StyleModifier[],
): WriteTarget {
  const css = (rule: ProcessedCssRule & { filename: string }): WriteTarget => ({
    framework: StylingFramework.CSS,
    customProperties: CSS_MODULE.test(rule.filename)
      ? {}
      : {
          selector: baseSelector(rule.selector),
          ...(ABSOLUTE.test(rule.filename) ? {} : { filename: rule.filename }),
        },
  })
  if (modifiers.length === 0 && Object.keys(styling.inline).some((name) => sets(name, property)))
    return { framework: StylingFramework.INLINE }
  const winner = winningRule(property, styling.rules)
  if (winner && editableOwn(winner)) return css(winner)
  const { classes } = styling
  const plainClass = (className: string) =>
    styling.rules.some((rule) => rule.classParsed === className && editableOwn(rule))
  if (
    styling.projectFramework === StylingFramework.TAILWIND &&
    !(classes.length > 0 && classes.every(plainClass))
  )
    return { framework: StylingFramework.TAILWIND }
  // Its classes' rules; a CSS module's class is hashed in the page (`_title_x1y2`) and is no class of the
  // code's, so a module rule that styles the element counts as its own (the server finds it by the
  // element's `styles.title`).
  const own = styling.rules.filter(
    (rule): rule is ProcessedCssRule & { filename: string } =>
      editableOwn(rule) &&
      ((rule.classParsed !== null && classes.includes(rule.classParsed)) ||
        (CSS_MODULE.test(rule.filename) && rule.applied)),
  )
  const base = own.filter((rule) => rule.modifiers.length === 0).at(-1) ?? own.at(-1)
  if (base) return css(base)
  if (modifiers.length > 0)
    return {
      refused: `An inline style cannot target ${modifiers.join(', ')}: React's style prop has no states, breakpoints or dark mode. Give the element a class with a CSS rule first, or choose None, Base and light.`,
    }
  return { framework: StylingFramework.INLINE }
}

/** The element's styling as the panel and the writes read it, from its lookup, its node and its rules. */
export function elementStyling(parts: {
  projectFramework: StylingFramework | null
  lookup: Pick<ElementLookup, 'classes'> | undefined
  node: Pick<NavTreeNode, 'props' | 'directlySetClassList'> | undefined
  rules: readonly ProcessedCssRule[]
}): ElementStyling {
  return {
    projectFramework: parts.projectFramework,
    classes: parts.lookup?.classes ?? parts.node?.directlySetClassList ?? [],
    inline: inlineStyleOf(parts.node),
    rules: parts.rules,
  }
}

const isResponsive = (modifier: string): modifier is ResponsiveModifier =>
  (RESPONSIVE_MODIFIERS as readonly string[]).includes(modifier)

/**
 * When the value shown comes from a wider breakpoint's rule than the scope's (`sm:text-5xl` at
 * 1280 px, editing the base), an edit of `property` does not show at this width: what to say about it.
 */
export function overridingBreakpoint(
  property: string,
  styling: ElementStyling,
  scoped: ResponsiveModifier | null | undefined,
): { title: string; detail: string } | null {
  const source = sourceOf(property, styling)
  if (source.kind !== 'class' && source.kind !== 'rule') return null
  const breakpoint = source.rule.modifiers.find((modifier) => isResponsive(modifier))
  if (!breakpoint || (scoped && MODIFIER_RANK[scoped] >= MODIFIER_RANK[breakpoint])) return null
  const by = source.kind === 'class' ? source.className : source.rule.selector
  return {
    title: `${by} still sets ${property} at this width.`,
    detail: `The edit went to ${scoped ?? 'the base style'}; choose ${breakpoint} in Breakpoint to change it from ${breakpoint} up.`,
  }
}

/**
 * The selected elements a style edit is for: those with code (a library's element has none), one per
 * codebase id (two instances of a component's element are one place in the code), in selection order.
 */
export function styleTargets(selected: readonly ElementKey[]): ElementKey[] {
  const seen = new Set<string>()
  return selected.filter((key) => {
    if (!hasCodebaseIdPrefix(key.codebaseId) || seen.has(key.codebaseId)) return false
    seen.add(key.codebaseId)
    return true
  })
}
