/**
 * The part of Tailwind's design system (`__unstable__loadDesignSystem` of tailwindcss 4) that
 * visual-edit uses, typed here rather than imported: the API is unstable, the package is an optional
 * peer, and a narrow structural type lets the loader check the methods before anything calls them.
 */
export interface DesignSystem {
  /** CSS of each class, or null for a class Tailwind does not generate. */
  candidatesToCss(classes: string[]): (string | null)[]
  /** The same as ASTs; an empty array for a class Tailwind does not generate. */
  candidatesToAst(classes: string[]): CssNode[][]
  parseCandidate(candidate: string): readonly ParsedCandidate[]
  printVariant(variant: unknown): string
  utilities: {
    keys(kind: 'static' | 'functional'): string[]
    getCompletions(name: string): readonly CompletionGroup[]
  }
  theme: {
    get(keys: `--${string}`[]): string | null
  }
}

export interface ParsedCandidate {
  readonly variants: readonly unknown[]
  readonly important: boolean
  readonly raw: string
}

/** Named values of a functional utility (`p` -> 0, 0.5, 1, ...; null is the bare `shadow`). */
export interface CompletionGroup {
  supportsNegative?: boolean
  values: (string | null)[]
}

export type CssNode =
  | { kind: 'rule'; selector: string; nodes: CssNode[] }
  | { kind: 'at-rule'; name: string; params: string; nodes: CssNode[] }
  | { kind: 'declaration'; property: string; value: string | undefined; important: boolean }
  | { kind: 'comment'; value: string }
  | { kind: 'context' | 'at-root'; nodes: CssNode[] }

/** The tailwindcss entry points visual-edit calls. */
export interface TailwindModule {
  __unstable__loadDesignSystem(css: string, options: LoadOptions): Promise<unknown>
}

export interface LoadOptions {
  base: string
  loadStylesheet: (id: string, base: string) => Promise<{ path: string; base: string; content: string }>
  loadModule: (
    id: string,
    base: string,
    resourceHint: 'plugin' | 'config',
  ) => Promise<{ path: string; base: string; module: unknown }>
}

const REQUIRED_METHODS = ['candidatesToCss', 'candidatesToAst', 'parseCandidate', 'printVariant'] as const

/** Whether `value` has what visual-edit calls; false for design systems of older Tailwind 4 releases. */
export function isDesignSystem(value: unknown): value is DesignSystem {
  if (value === null || typeof value !== 'object') return false
  const record = value as Record<string, unknown>
  const utilities = record.utilities as Record<string, unknown> | undefined
  const theme = record.theme as Record<string, unknown> | undefined
  return (
    REQUIRED_METHODS.every((name) => typeof record[name] === 'function') &&
    typeof utilities?.keys === 'function' &&
    typeof utilities.getCompletions === 'function' &&
    typeof theme?.get === 'function'
  )
}
