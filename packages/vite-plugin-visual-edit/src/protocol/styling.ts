/** The three ways an element can be styled; `stylingFramework` of STYLING and ADD_CLASS. */
export const StylingFramework = {
  INLINE: 'Inline',
  CSS: 'CSS',
  TAILWIND: 'Tailwind',
} as const
export type StylingFramework = (typeof StylingFramework)[keyof typeof StylingFramework]

export const STYLING_FRAMEWORKS: readonly StylingFramework[] = Object.values(StylingFramework)

/**
 * Value of a `stylingChanges` entry that removes the property instead of setting it. The inspector
 * renders it as `unset !important` in an instant update; the server deletes the property.
 */
export const DELETE_STYLE_CONSTANT = 'TEMPO_DELETE_STYLE'

/** What an instant update writes for a deleted property. */
export const DELETED_STYLE_VALUE = 'unset !important'

/** State modifiers an edit may target (`hover:bg-red-500`, a forced `:hover` in the preview). */
export const STATE_MODIFIERS = ['hover', 'required', 'focus', 'active', 'invalid', 'disabled'] as const
export type StateModifier = (typeof STATE_MODIFIERS)[number]

/**
 * The class the inspector puts on an element while a state is forced on it (setModifiersForSelectedElement):
 * `tempo-force-hover` stands for `:hover`. The editor reads it in the element's class list to know the
 * state is still on after React wrote the className again.
 */
export const FORCED_STATE_CLASS_PREFIX = 'tempo-force-'

/** Responsive variants with their Tailwind width minimums in rem. */
export const RESPONSIVE_BREAKPOINTS_REM = { sm: 40, md: 48, lg: 64, xl: 80, '2xl': 96 } as const
export type ResponsiveModifier = keyof typeof RESPONSIVE_BREAKPOINTS_REM
export const RESPONSIVE_MODIFIERS = Object.keys(RESPONSIVE_BREAKPOINTS_REM) as ResponsiveModifier[]

/** Dark mode is recognised through a `dark` class selector. */
export const DARK_MODIFIER = 'dark'

export type StyleModifier = StateModifier | ResponsiveModifier | typeof DARK_MODIFIER

const ALL_MODIFIERS: ReadonlySet<string> = new Set([
  ...STATE_MODIFIERS,
  ...RESPONSIVE_MODIFIERS,
  DARK_MODIFIER,
])

/**
 * Where each modifier goes in a class's variant prefix: responsive first (sm..2xl), then dark, then
 * states, as Tailwind users write them. A Record, so a modifier added above without a place here fails
 * to compile.
 */
export const MODIFIER_RANK: Readonly<Record<StyleModifier, number>> = {
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
 * `className` under `modifiers`, as the server writes it and the editor and the inspector ask for its
 * CSS: the known modifiers in MODIFIER_RANK order, each once.
 *
 *   withModifiers('p-4', ['hover', 'md'])  ->  'md:hover:p-4'
 */
export function withModifiers(className: string, modifiers: readonly string[] = []): string {
  const known = [...new Set(modifiers)].filter(isStyleModifier)
  return `${known
    .sort((a, b) => MODIFIER_RANK[a] - MODIFIER_RANK[b])
    .map((modifier) => `${modifier}:`)
    .join('')}${className}`
}

export function isStyleModifier(value: string): value is StyleModifier {
  return ALL_MODIFIERS.has(value)
}

export function isStylingFramework(value: unknown): value is StylingFramework {
  return typeof value === 'string' && (STYLING_FRAMEWORKS as readonly string[]).includes(value)
}
