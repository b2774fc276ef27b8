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
  /** Absent before tailwindcss 4.1: the variants are then read from the class as written. */
  printVariant?(variant: unknown): string
  utilities: {
    keys(kind: 'static' | 'functional'): string[]
    getCompletions(name: string): readonly CompletionGroup[]
  }
  theme: {
    get(keys: `--${string}`[]): string | null
    /**
     * The names under a theme namespace (`--color` -> `red-500`, ...), as Tailwind reads them for its
     * utilities: nested namespaces (`--text-shadow` under `--text`) and sub-values (`--text-sm--line-height`)
     * left out. Every 4.x release has it; optional because the type is ours.
     */
    keysInNamespaces?(namespaces: `--${string}`[]): string[]
  }
  /** Every class Tailwind completes, with its modifiers (4.0 and later, for IntelliSense). */
  getClassList?(): readonly (readonly [string, unknown])[]
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

const REQUIRED_METHODS = ['candidatesToCss', 'parseCandidate'] as const

/** What tailwindcss 4.0 has where later releases have `candidatesToAst`. */
interface CompileAstNodes {
  compileAstNodes(candidate: ParsedCandidate): readonly { node: CssNode }[]
}

/**
 * The design system as visual-edit calls it, from what `__unstable__loadDesignSystem` returned:
 * tailwindcss 4.1.18 and later have every method; 4.0 to 4.1.17 lack `candidatesToAst`, which is
 * then made of `parseCandidate` and `compileAstNodes` (what the later method does itself), and
 * `printVariant`, which callers do without. Null when the methods visual-edit needs are missing.
 */
export function designSystemOf(value: unknown): DesignSystem | null {
  if (value === null || typeof value !== 'object') return null
  const record = value as Record<string, unknown>
  const utilities = record.utilities as Record<string, unknown> | undefined
  const theme = record.theme as Record<string, unknown> | undefined
  if (
    !REQUIRED_METHODS.every((name) => typeof record[name] === 'function') ||
    typeof utilities?.keys !== 'function' ||
    typeof utilities.getCompletions !== 'function' ||
    typeof theme?.get !== 'function'
  )
    return null
  const system = value as DesignSystem & Partial<CompileAstNodes>
  if (typeof system.candidatesToAst === 'function') return system
  const compile = system.compileAstNodes
  if (typeof compile !== 'function') return null
  return Object.assign(Object.create(system) as DesignSystem, {
    candidatesToAst: (classes: string[]) =>
      classes.map((className) => {
        for (const candidate of system.parseCandidate(className)) {
          const nodes = compile.call(system, candidate)
          if (nodes.length > 0) return nodes.map((entry) => entry.node)
        }
        return []
      }),
  })
}
