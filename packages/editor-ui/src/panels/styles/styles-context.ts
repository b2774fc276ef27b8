import { createContext, useContext } from 'react'
import type { CssEvalsPayload, DesignTokensResponse } from 'vite-plugin-visual-edit/protocol'
import { type ElementStyling, type StyleSource, sourceOf } from '../../features/style-source.ts'

/** What every control of the Styles panel reads: the element's computed values, its styling, the theme. */
export interface StylesContextValue {
  evals: CssEvalsPayload | null
  styling: ElementStyling
  tokens: DesignTokensResponse | null
  /** Values are being read (a new element): controls show no value and are busy, at their final size. */
  loading: boolean
  /** A multi-selection's properties whose values differ among its elements (features/mixed-styles.ts). */
  mixed: ReadonlySet<string>
}

export const StylesContext = createContext<StylesContextValue | null>(null)

export function useStyles(): StylesContextValue {
  const value = useContext(StylesContext)
  if (!value) throw new Error('useStyles() outside <StylesContext.Provider>')
  return value
}

/**
 * A property's computed value (empty while loading, and when a multi-selection's elements differ:
 * `mixed`, shown as the 'Mixed' placeholder) and where it comes from.
 */
export function useStyleValue(property: string): { computed: string; source: StyleSource; mixed: boolean } {
  const { evals, styling, mixed } = useStyles()
  const differs = mixed.has(property)
  return {
    computed: differs ? '' : (evals?.styles[property] ?? ''),
    source: sourceOf(property, styling),
    mixed: differs,
  }
}

/** The placeholder of a field whose elements' values differ. */
export const MIXED = 'Mixed'

/** Whether emptying the field removes the value where it is written (its style prop, class or a project rule). */
export const removable = (source: StyleSource): boolean =>
  source.kind === 'inline' || source.kind === 'class' || (source.kind === 'rule' && source.editable)

/** The tail of a stylesheet's path (`/app/src/styles/card.css` -> `card.css`). */
export const fileTail = (filename: string | null): string =>
  filename?.split(/[\\/]/).pop() ?? 'inline <style>'

/** One line about where a value comes from, for the source badge's title and screen readers. */
export function describeSource(source: StyleSource): string {
  switch (source.kind) {
    case 'inline':
      return 'Set in the element’s style prop'
    case 'class':
      return `From the class ${source.className}`
    case 'rule':
      return `From the rule ${source.rule.selector} in ${fileTail(source.rule.filename)}${source.editable ? '' : ' (read-only)'}`
    case 'inherited':
      return `Inherited from ${source.rule.selector}`
    case 'none':
      return 'Not set: the browser’s default or inherited'
  }
}
