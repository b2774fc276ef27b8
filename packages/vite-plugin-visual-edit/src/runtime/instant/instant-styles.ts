import {
  DELETE_STYLE_CONSTANT,
  DELETED_STYLE_VALUE,
  MODIFIER_RANK,
  RESPONSIVE_BREAKPOINTS_REM,
  STATE_MODIFIERS,
  type StateModifier,
} from '../../protocol/styling.ts'

/**
 * The CSS of instant updates (instant-update.ts): the rules a STYLING, ADD_CLASS or UPDATE_CLASSES
 * change shows with, under a generated class name, in a <style> the inspector owns.
 */

/** The fixed epoch the generated class names count from (2025-01-01 UTC). */
export const INSTANT_EPOCH_MS = Date.UTC(2025, 0, 1)

/**
 * The prefix of the generated class names: `tempo-instant-` and the milliseconds since
 * INSTANT_EPOCH_MS in base 36, so names of another page load (a class left in a copied outerHTML)
 * never meet this one's.
 *
 *   instantClassPrefix(INSTANT_EPOCH_MS + 1e9)  ->  'tempo-instant-gjdgxs-'
 */
export function instantClassPrefix(now: number = Date.now()): string {
  return `tempo-instant-${Math.max(0, Math.floor(now - INSTANT_EPOCH_MS)).toString(36)}-`
}

/**
 * A class name made safe to write unescaped in a selector: every character but letters, digits, `_`
 * and `-` becomes `-`, and a leading digit gets a `-` before it.
 *
 *   'md:p-[13px]'  ->  'md-p--13px-'        '2xl:p-4'  ->  '-2xl-p-4'
 */
export function sanitizeClassName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '-')
  return /^[0-9]/.test(safe) ? `-${safe}` : safe
}

/** State modifiers, in the order the server writes them after the responsive ones and dark. */
const STATES: readonly StateModifier[] = [...STATE_MODIFIERS].sort(
  (a, b) => MODIFIER_RANK[a] - MODIFIER_RANK[b],
)

/** A stylingChanges key as a CSS property: `backgroundColor` -> `background-color`, `WebkitBoxFlex` -> `-webkit-box-flex`. */
export function cssProperty(key: string): string {
  if (key.startsWith('--')) return key
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace(/^(webkit|moz|ms)-/, '-$1-')
}

/**
 * stylingChanges as declarations that win over the page's own rules (`!important`); the delete
 * constant becomes `unset !important`. A key or value that could end the rule is refused.
 *
 *   { paddingTop: '2rem', color: 'TEMPO_DELETE_STYLE' }  ->  'padding-top:2rem !important;color:unset !important;'
 */
export function declarations(changes: Readonly<Record<string, string>>): string {
  let text = ''
  for (const [key, value] of Object.entries(changes)) {
    if (typeof value !== 'string' || /[{};<]/.test(value) || !/^-?-?[A-Za-z][\w-]*$/.test(key))
      throw new Error(`Cannot show the style ${key}: ${String(value)}`)
    const shown =
      value === DELETE_STYLE_CONSTANT
        ? DELETED_STYLE_VALUE
        : /!important\s*$/.test(value)
          ? value
          : `${value} !important`
    text += `${cssProperty(key)}:${shown};`
  }
  return text
}

/**
 * A rule for `selector` under `modifiers`: a state as its pseudo-class, dark under a `.dark`
 * ancestor, a breakpoint as a min-width media query.
 *
 *   ruleFor('.x', 'color:red;', ['md', 'hover'])  ->  '@media (min-width:48rem){.x:hover{color:red;}}'
 */
export function ruleFor(selector: string, body: string, modifiers: readonly string[] = []): string {
  let target = selector.includes(',') ? `:is(${selector})` : selector
  for (const state of STATES) if (modifiers.includes(state)) target += `:${state}`
  if (modifiers.includes('dark')) target = `.dark ${target}`
  let rule = `${target}{${body}}`
  for (const [name, rem] of Object.entries(RESPONSIVE_BREAKPOINTS_REM))
    if (modifiers.includes(name)) rule = `@media (min-width:${rem}rem){${rule}}`
  return rule
}

/**
 * Tailwind's CSS for `className` made to apply to `selector` instead, so a class the page's stylesheet
 * lacks shows at once; bare declarations (no braces) become a rule under `modifiers`. Null when the
 * rules do not name the class (they would apply to the page as they are).
 *
 *   retarget('.p-\\[13px\\] {\n  padding: 13px;\n}\n', 'p-[13px]', '.t')  ->  '.t {\n  padding: 13px;\n}\n'
 */
export function retarget(
  css: string,
  className: string,
  selector: string,
  modifiers?: readonly string[],
): string | null {
  if (!css.includes('{')) return ruleFor(selector, css, modifiers)
  const escaped = `.${CSS.escape(className)}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const retargeted = css.replace(new RegExp(`${escaped}(?![\\w-]|\\\\)`, 'g'), () => selector)
  return retargeted === css ? null : retargeted
}

/** The properties a sheet's rules declare (nested and grouped rules included), for comparing computed styles. */
export function declaredProperties(sheet: CSSStyleSheet | null, into: Set<string> = new Set()): Set<string> {
  const walk = (rules: CSSRuleList | undefined) => {
    for (const rule of rules ?? []) {
      const style = (rule as CSSStyleRule).style
      if (style) for (const name of style) into.add(name)
      walk((rule as CSSGroupingRule).cssRules)
    }
  }
  walk(sheet?.cssRules)
  return into
}
