import postcss from 'postcss'
import type { DesignTokensResponse } from '../../protocol/design-system.ts'
import type { TailwindEngine } from '../tailwind/engine.ts'
import { configTokens } from './config-tokens.ts'
import { projectTailwind } from './project-tailwind.ts'
import { themeTokens } from './theme-tokens.ts'

/** The answer for a project without Tailwind (or one visual-edit cannot ask): no tokens, no dark strategy. */
export const NO_DESIGN_TOKENS: DesignTokensResponse = Object.freeze({
  tailwind: null,
  darkMode: null,
  colors: [],
  spacing: [],
  fontSizes: [],
  fontWeights: [],
  fontFamilies: [],
  lineHeights: [],
  letterSpacings: [],
  radii: [],
  shadows: [],
  breakpoints: [],
})

/** The class dark mode is read from (any utility would do), and its own selector in the CSS. */
const DARK_PROBE = 'dark:p-4'
const OWN_SELECTOR = '.dark\\:p-4'

const answers = new WeakMap<TailwindEngine, DesignTokensResponse>()

/**
 * The design-tokens endpoint's answer (protocol DESIGN_TOKENS_PATH): the theme's colours, spacing
 * steps, type scale, radii, shadows and breakpoints (Tailwind 4: theme-tokens.ts; 3: config-tokens.ts)
 * and how the project turns dark (darkModeOf). Kept per loaded Tailwind, which tailwindEngine reloads
 * when the entry stylesheet or the config changes. A project that does not use Tailwind
 * (projectTailwind) answers NO_DESIGN_TOKENS; a Tailwind that does not load answers 422 with the
 * reason (tailwindEngine).
 *
 *   {}  ->  { tailwind: 4, darkMode: 'class', colors: [{ name: 'red-50', value: 'oklch(...)' }, ...], ... }
 */
export async function designTokens(root: string): Promise<DesignTokensResponse> {
  const engine = await projectTailwind(root)
  if (!engine) return NO_DESIGN_TOKENS
  const cached = answers.get(engine)
  if (cached) return cached
  const introspection = engine.introspection
  if (!introspection) return NO_DESIGN_TOKENS
  const groups =
    introspection.major === 4
      ? themeTokens(introspection.system, engine.theme?.bind(engine) ?? (() => null))
      : configTokens(introspection.config)
  const answer: DesignTokensResponse = {
    tailwind: introspection.major,
    darkMode: darkModeOf(engine.css([DARK_PROBE]).get(DARK_PROBE) ?? null),
    ...groups,
  }
  answers.set(engine, answer)
  return answer
}

/**
 * How the project turns dark, read from the CSS its Tailwind generates for a `dark:` class, so every
 * way of setting it counts (Tailwind 4's `@custom-variant dark` / `@variant dark` in any stylesheet the
 * entry imports, Tailwind 3's `darkMode: 'class' | 'selector' | ['variant', ...]`):
 *
 *   @media (prefers-color-scheme: dark) { .dark\:p-4 { ... } }   ->  'media'
 *   .dark\:p-4:where(.dark, .dark *) { ... }                      ->  'class'  (any class in the selector)
 *   .dark\:p-4:is(.dark *) { ... }                                ->  'class'
 *
 * A selector without a class (`[data-theme=dark] &`) reads as 'media', the default, since the
 * protocol names no third way; null when Tailwind has no `dark` variant at all.
 */
export function darkModeOf(css: string | null): 'class' | 'media' | null {
  if (css === null) return null
  const root = postcss.parse(css)
  let byClass = false
  root.walkRules((rule) => {
    const others = rule.selector.split(OWN_SELECTOR).join('')
    if (/\.(?:-?[_a-zA-Z]|\\)/.test(others)) byClass = true
  })
  return byClass ? 'class' : 'media'
}
