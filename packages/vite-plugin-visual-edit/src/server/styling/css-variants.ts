/**
 * The rule a styling edit under modifiers goes to in a plain stylesheet or a CSS module: states as
 * pseudo-classes, a breakpoint as its `min-width` media query, dark mode as the `.dark` ancestor or,
 * in a stylesheet that turns dark by the system's preference, its `prefers-color-scheme` media query.
 */
import postcss, { type Root } from 'postcss'
import {
  RESPONSIVE_BREAKPOINTS_REM,
  type ResponsiveModifier,
  STATE_MODIFIERS,
  type StateModifier,
  type StyleModifier,
} from '../../protocol/styling.ts'
import { MutateError } from '../edit/mutate-error.ts'

/** `(min-width: 48rem)` for `md`, null without a responsive modifier; two of them are refused. */
export function mediaQueryFor(modifiers: readonly StyleModifier[]): string | null {
  const responsive = modifiers.filter((modifier): modifier is ResponsiveModifier =>
    Object.hasOwn(RESPONSIVE_BREAKPOINTS_REM, modifier),
  )
  if (responsive.length > 1) {
    throw new MutateError(
      'INVALID_VALUE',
      `A CSS rule can sit in one breakpoint only, not ${responsive.join(' and ')}. Send one responsive modifier.`,
    )
  }
  const breakpoint = responsive[0]
  return breakpoint === undefined ? null : `(min-width: ${RESPONSIVE_BREAKPOINTS_REM[breakpoint]}rem)`
}

/** The media query of a stylesheet that turns dark with the system's preference. */
const DARK_MEDIA = '(prefers-color-scheme: dark)'

/**
 * Whether the stylesheet turns dark through the media query, not a `.dark` class: it has a
 * `prefers-color-scheme: dark` block and no `.dark` selector. Its dark edits go into that media
 * query, as its authors write them.
 */
function darkByMedia(root: Root): boolean {
  let media = false
  let darkClass = false
  root.walkAtRules(/^media$/i, (rule) => {
    if (/prefers-color-scheme\s*:\s*dark/i.test(rule.params)) media = true
  })
  root.walkRules((rule) => {
    if (/(^|[\s,>+~(])\.dark(?![\w-])/.test(rule.selector)) darkClass = true
  })
  return media && !darkClass
}

/** The ancestor dark mode is read from, in a plain stylesheet and in a CSS module (whose `.dark` would be renamed). */
const DARK_ANCESTOR = '.dark'
const DARK_ANCESTOR_IN_MODULE = ':global(.dark)'

/**
 * The selector of the rule for `modifiers`: state modifiers add their pseudo-class and dark mode the
 * `.dark` ancestor to every selector of the list, unless it already has them (a selector the
 * processed-CSS-rules reply named may already be the `:hover` rule). In a CSS module the ancestor is
 * `:global(.dark)`, the page's own class.
 *
 *   .card, .tile  + hover, dark  ->  .dark .card:hover, .dark .tile:hover
 *   .card         + dark, module ->  :global(.dark) .card
 */
export function variantSelector(
  selector: string,
  modifiers: readonly StyleModifier[],
  cssModule = false,
): string {
  const ancestor = cssModule ? DARK_ANCESTOR_IN_MODULE : DARK_ANCESTOR
  const states = modifiers.filter((modifier): modifier is StateModifier =>
    (STATE_MODIFIERS as readonly string[]).includes(modifier),
  )
  const dark = modifiers.includes('dark')
  return postcss.list
    .comma(selector)
    .map((part) => {
      // Pseudo-classes inside :not(...) or :is(...) do not count.
      let compound = part.slice(lastCompoundStart(part))
      while (/\([^()]*\)/.test(compound)) compound = compound.replace(/\([^()]*\)/g, '')
      let out = part
      for (const state of states) {
        if (!new RegExp(`:${state}(?![\\w-])`).test(compound)) out += `:${state}`
      }
      return dark && !out.startsWith(`${ancestor} `) ? `${ancestor} ${out}` : out
    })
    .join(', ')
}

/** Index where the last compound selector of `selector` starts (after its last combinator). */
function lastCompoundStart(selector: string): number {
  let depth = 0
  let quote: string | null = null
  let start = 0
  for (let index = 0; index < selector.length; index += 1) {
    const character = selector[index] as string
    if (character === '\\') index += 1
    else if (quote !== null) {
      if (character === quote) quote = null
    } else if (character === '"' || character === "'") quote = character
    else if (character === '(' || character === '[') depth += 1
    else if (character === ')' || character === ']') depth -= 1
    else if (depth === 0 && /[\s>+~]/.test(character)) start = index + 1
  }
  return start
}

/**
 * The selector and media query (null: top level) of the rule for `modifiers` in `root`.
 *
 *   .card + hover, md      ->  .card:hover in (min-width: 48rem)
 *   .card + dark           ->  .dark .card, or .card in (prefers-color-scheme: dark) when the sheet
 *                              turns dark that way
 */
export function variantRule(
  root: Root,
  selector: string,
  modifiers: readonly StyleModifier[],
  cssModule: boolean,
): { selector: string; media: string | null } {
  const byMedia = modifiers.includes('dark') && darkByMedia(root)
  const ruleModifiers = byMedia ? modifiers.filter((modifier) => modifier !== 'dark') : modifiers
  const breakpoint = mediaQueryFor(ruleModifiers)
  return {
    selector: variantSelector(selector, ruleModifiers, cssModule),
    media: byMedia ? (breakpoint === null ? DARK_MEDIA : `${breakpoint} and ${DARK_MEDIA}`) : breakpoint,
  }
}
