import type { DesignToken } from '../../protocol/design-system.ts'
import type { ResolvedLegacyConfig } from '../tailwind/engine.ts'
import type { TokenGroups } from './theme-tokens.ts'

/** Each token group and the key of Tailwind 3's theme it comes from. */
const THEME_KEYS = {
  colors: 'colors',
  spacing: 'padding',
  fontSizes: 'fontSize',
  fontWeights: 'fontWeight',
  fontFamilies: 'fontFamily',
  lineHeights: 'lineHeight',
  letterSpacings: 'letterSpacing',
  radii: 'borderRadius',
  shadows: 'boxShadow',
  breakpoints: 'screens',
} as const satisfies Record<keyof TokenGroups, string>

/** Colour keywords Tailwind 3 lists among the colours that no swatch shows (`inherit`, `current`). */
const NOT_A_COLOR = /^(?:inherit|currentcolor)$/i

/**
 * Tailwind 3's tokens: its resolved config's theme (the project's `theme` and `theme.extend` over the
 * defaults), by the name a class uses. Nested colours are flattened (`blue.600` -> `blue-600`, a
 * `DEFAULT` is the bare name), a `DEFAULT` elsewhere is the utility's bare form (name `''`: `rounded`,
 * `shadow`); a font size's line height, a family's font settings and a screen's `max` are left out.
 * Values that are functions (a plugin's `({ opacityValue }) => ...`) are not tokens. Spacing is the
 * `padding` scale (what `p-` takes), numbers in order, then the named steps (`px`).
 *
 *   theme.extend.colors.brand = '#0f766e'   ->  colors: [..., { name: 'brand', value: '#0f766e' }]
 */
export function configTokens(config: ResolvedLegacyConfig): TokenGroups {
  const theme = config.theme ?? {}
  const groups = Object.fromEntries(
    Object.entries(THEME_KEYS).map(([group, key]) => {
      const section = theme[key]
      const tokens =
        group === 'colors'
          ? flattenColors(section, '')
          : entries(section).flatMap(([name, value]) => {
              const text = tokenValue(value, group === 'breakpoints')
              return text === null ? [] : [{ name: name === 'DEFAULT' ? '' : name, value: text }]
            })
      return [group, group === 'spacing' ? numbersFirst(tokens) : tokens]
    }),
  )
  return groups as TokenGroups
}

function entries(section: unknown): [string, unknown][] {
  return section !== null && typeof section === 'object' ? Object.entries(section) : []
}

/**
 * A theme value as a CSS value: a string, a number, a family list (`['Inter', 'sans-serif']`), the
 * first of a `[value, options]` pair (font sizes, families), a screen's `min`; null for anything else.
 */
function tokenValue(value: unknown, screen: boolean): string | null {
  if (typeof value === 'string') return value.trim().replace(/\s+/g, ' ')
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) {
    if (value.every((part) => typeof part === 'string')) return value.join(', ')
    return tokenValue(value[0], screen)
  }
  if (screen && value !== null && typeof value === 'object' && 'min' in value)
    return tokenValue((value as { min: unknown }).min, false)
  return null
}

function flattenColors(section: unknown, prefix: string): DesignToken[] {
  return entries(section).flatMap(([key, value]) => {
    const name = key === 'DEFAULT' ? prefix.replace(/-$/, '') : `${prefix}${key}`
    if (typeof value === 'string')
      return NOT_A_COLOR.test(value.trim()) || name === '' ? [] : [{ name, value: value.trim() }]
    return flattenColors(value, `${name}-`)
  })
}

/** Numeric names in numeric order (`0`, `0.5`, `1`, ... `96`), then the others as the theme has them. */
function numbersFirst(tokens: DesignToken[]): DesignToken[] {
  const numeric = (token: DesignToken) => token.name !== '' && Number.isFinite(Number(token.name))
  return [
    ...tokens.filter(numeric).sort((a, b) => Number(a.name) - Number(b.name)),
    ...tokens.filter((token) => !numeric(token)),
  ]
}
