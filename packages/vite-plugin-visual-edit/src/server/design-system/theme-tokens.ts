import type { DesignToken, DesignTokensResponse } from '../../protocol/design-system.ts'
import { resolveCssValue } from '../tailwind/css-value.ts'
import type { DesignSystem } from '../tailwind/design-system.ts'
import { classDetails } from './class-details.ts'

/** The token groups of the answer, without the version and the dark strategy. */
export type TokenGroups = Omit<DesignTokensResponse, 'tailwind' | 'darkMode'>

/** Each token group and the theme namespace Tailwind 4 reads it from (spacing aside, see below). */
const NAMESPACES = {
  colors: '--color',
  fontSizes: '--text',
  fontWeights: '--font-weight',
  fontFamilies: '--font',
  lineHeights: '--leading',
  letterSpacings: '--tracking',
  radii: '--radius',
  shadows: '--shadow',
  breakpoints: '--breakpoint',
} as const satisfies Record<Exclude<keyof TokenGroups, 'spacing'>, `--${string}`>

/**
 * Tailwind 4's tokens: the theme's variables of each namespace, in the theme's order, by the name a
 * class uses (`--color-blue-600` -> `blue-600`), their values with the variables they read put in. The
 * names are Tailwind's own reading of the namespace (`keysInNamespaces`: `--text-shadow-*` is not a
 * font size, `--text-sm--line-height` not a token). Spacing is a scale (`--spacing: 0.25rem`) more than
 * a list: its tokens are the steps Tailwind completes `p-` with (`0`, `0.5`, ... `96`, `px`, and any
 * `--spacing-*` of the project), each with the value its class gives (`4` -> `1rem`).
 *
 *   @theme { --color-brand: #123456; }   ->  colors: [..., { name: 'brand', value: '#123456' }]
 */
export function themeTokens(
  system: DesignSystem,
  theme: (name: `--${string}`) => string | null,
): TokenGroups {
  const read = (namespace: `--${string}`): DesignToken[] =>
    (system.theme.keysInNamespaces?.([namespace]) ?? []).flatMap((name) => {
      const raw = theme(`${namespace}-${name}`)
      return raw === null ? [] : [{ name, value: resolveCssValue(raw, theme).replace(/\s+/g, ' ') }]
    })
  const groups = Object.fromEntries(
    Object.entries(NAMESPACES).map(([group, namespace]) => [group, read(namespace)]),
  ) as Omit<TokenGroups, 'spacing'>
  return { ...groups, spacing: spacingSteps(system, theme) }
}

function spacingSteps(system: DesignSystem, theme: (name: `--${string}`) => string | null): DesignToken[] {
  const names = system.utilities
    .getCompletions('p')
    .flatMap((group) => group.values)
    .filter((name): name is string => typeof name === 'string' && name !== '')
  const asts = system.candidatesToAst(names.map((name) => `p-${name}`))
  return names.flatMap((name, index) => {
    const { value } = classDetails(asts[index] ?? [], theme)
    return value === undefined ? [] : [{ name, value }]
  })
}
