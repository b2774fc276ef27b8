import type { StyleModifier } from '../../protocol/styling.ts'

/**
 * Where each modifier goes in a prefix: responsive first (sm..2xl), then dark, then states, as
 * Tailwind users write them. A Record, so a modifier added to protocol/styling.ts without a place
 * here fails to compile.
 */
const RANK: Readonly<Record<StyleModifier, number>> = {
  sm: 0,
  md: 1,
  lg: 2,
  xl: 3,
  '2xl': 4,
  dark: 5,
  hover: 6,
  focus: 7,
  active: 8,
  disabled: 9,
  invalid: 10,
  required: 11,
}

/**
 * The variant prefix for `modifiers`, in that order, each once.
 *
 *   ['hover', 'md']  ->  'md:hover:'
 */
function variantPrefix(modifiers: readonly StyleModifier[]): string {
  return [...new Set(modifiers)]
    .sort((a, b) => RANK[a] - RANK[b])
    .map((modifier) => `${modifier}:`)
    .join('')
}

/** `p-4` under ['hover', 'md'] -> `md:hover:p-4`. */
export function withModifiers(className: string, modifiers: readonly StyleModifier[]): string {
  return `${variantPrefix(modifiers)}${className}`
}
