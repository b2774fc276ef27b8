import * as v from 'valibot'

/**
 * The project's design system as the Styles panel needs it (issue 28): class suggestions for the
 * class input, and the theme's tokens for the controls (the colour picker offers the theme's colours
 * first, the spacing and type controls the theme's steps). Both come from the project's own Tailwind
 * (4 through its design system, 3 through its config), never from a hand-written list. Gated like the
 * lookups (POST, token) on the editor's origin.
 */

/** Suggestions for what the user typed in the class input. */
export const CLASS_SUGGESTIONS_PATH = '/__visual-edit/class-suggestions'
/** The theme's tokens and the project's dark strategy. */
export const DESIGN_TOKENS_PATH = '/__visual-edit/design-tokens'

/** Characters of a query (a class with variants and an arbitrary value fits well within). */
export const MAX_SUGGESTION_QUERY_LENGTH = 200
/** Suggestions one answer holds at most, and by default. */
export const MAX_CLASS_SUGGESTIONS = 100
export const DEFAULT_CLASS_SUGGESTIONS = 30

export const classSuggestionsRequestSchema = v.object(
  {
    /** As typed, variants included (`md:hover:bg-bl`); suggestions keep the variants typed. */
    query: v.pipe(
      v.string('a query'),
      v.maxLength(
        MAX_SUGGESTION_QUERY_LENGTH,
        `a query of at most ${MAX_SUGGESTION_QUERY_LENGTH} characters`,
      ),
    ),
    limit: v.optional(
      v.pipe(
        v.number('a number of suggestions'),
        v.integer('a whole number of suggestions'),
        v.minValue(1, 'at least 1 suggestion'),
        v.maxValue(MAX_CLASS_SUGGESTIONS, `at most ${MAX_CLASS_SUGGESTIONS} suggestions`),
      ),
    ),
  },
  'a JSON object',
)
export type ClassSuggestionsRequest = v.InferInput<typeof classSuggestionsRequestSchema>

export interface ClassSuggestion {
  /** The class to add, with the variants the query had (`md:p-4`). */
  className: string
  /**
   * Its declarations as Tailwind generates them, variants left out, one `property: value;` a line
   * (`padding: calc(var(--spacing) * 4);` in Tailwind 4, `padding: 1rem;` in 3), for the preview; null
   * if none.
   */
  css: string | null
  /** A CSS colour to show as a swatch, for a class that sets one colour. */
  color?: string
  /** The value to show beside it (`1rem`, `16px`, `600`), for a class that sets one value. */
  value?: string
}

export interface ClassSuggestionsResponse {
  /** The project's Tailwind major version, or null when it has none (then no suggestions). */
  tailwind: 3 | 4 | null
  /** Best first: prefix matches of the utility name before other matches, shorter before longer. */
  suggestions: ClassSuggestion[]
}

/** A named value of the theme: `blue-600` -> `oklch(...)`, `4` -> `1rem`. */
export interface DesignToken {
  /**
   * The name as it appears in a class after the utility's prefix (`blue-600` in `bg-blue-600`); `''`
   * for the utility's bare form (Tailwind 3's `DEFAULT`: `rounded`, `shadow`).
   */
  name: string
  /** Its CSS value, theme variables resolved (`#2563eb`, `1rem`). */
  value: string
}

export interface DesignTokensResponse {
  tailwind: 3 | 4 | null
  /** How the project turns dark: a `.dark` class on an ancestor, the media query, or not at all. */
  darkMode: 'class' | 'media' | null
  colors: DesignToken[]
  spacing: DesignToken[]
  fontSizes: DesignToken[]
  fontWeights: DesignToken[]
  fontFamilies: DesignToken[]
  lineHeights: DesignToken[]
  letterSpacings: DesignToken[]
  radii: DesignToken[]
  shadows: DesignToken[]
  /** The responsive breakpoints the project's theme defines, by name (`md` -> `48rem`). */
  breakpoints: DesignToken[]
}
