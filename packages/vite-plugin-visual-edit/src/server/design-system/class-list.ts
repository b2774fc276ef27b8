import type { CssNode, DesignSystem } from '../tailwind/design-system.ts'
import type { TailwindEngine } from '../tailwind/engine.ts'
import { type ClassDetails, classDetails } from './class-details.ts'

/**
 * The classes a project's Tailwind offers, as the class input completes them: read once per loaded
 * Tailwind (tailwindEngine reloads it when the entry stylesheet or the config changes, and a new engine
 * gets a new catalog), so a keystroke costs a filter over a list in memory.
 */
export interface ClassCatalog {
  readonly major: 3 | 4
  /** Every class, in Tailwind's own order (each utility's values in their order: `p-0`, `p-0.5`, `p-1`). */
  readonly classes: readonly string[]
  readonly known: ReadonlySet<string>
  /** A class's CSS, colour and value (variants left out), kept once asked. */
  details(className: string): ClassDetails
}

/** Details kept per catalog at most; past it the cache starts again (typed arbitrary values add to it). */
const MAX_DETAILS = 50_000

const catalogs = new WeakMap<TailwindEngine, ClassCatalog>()

/**
 * The engine's class catalog, made on first use: Tailwind 4's `getClassList()` (every 4.x release has
 * it; else the static utilities and each functional one's completions, which is what it is made of),
 * Tailwind 3's `context.getClassList()`. Both hold the project's own theme values and utilities (`@theme`,
 * `@utility`, `theme.extend`, `@layer components`). Null for a Tailwind visual-edit cannot ask.
 */
export function classCatalog(engine: TailwindEngine): ClassCatalog | null {
  const cached = catalogs.get(engine)
  if (cached) return cached
  const introspection = engine.introspection
  if (!introspection) return null
  const theme = engine.theme?.bind(engine) ?? (() => null)
  const source =
    introspection.major === 4
      ? {
          classes: designSystemClasses(introspection.system),
          ast: (className: string) => introspection.system.candidatesToAst([className])[0] ?? [],
        }
      : {
          classes: [...introspection.utilities.classList],
          ast: (className: string) => introspection.utilities.ast(className),
        }
  const catalog = makeCatalog(introspection.major, source.classes, source.ast, theme)
  catalogs.set(engine, catalog)
  return catalog
}

function makeCatalog(
  major: 3 | 4,
  classes: readonly string[],
  ast: (className: string) => CssNode[],
  theme: (name: `--${string}`) => string | null,
): ClassCatalog {
  let details = new Map<string, ClassDetails>()
  return {
    major,
    classes,
    known: new Set(classes),
    details(className) {
      let found = details.get(className)
      if (!found) {
        found = classDetails(ast(className), theme)
        if (details.size >= MAX_DETAILS) details = new Map()
        details.set(className, found)
      }
      return found
    },
  }
}

/** Tailwind 4's class list, names only. */
function designSystemClasses(system: DesignSystem): string[] {
  if (typeof system.getClassList === 'function') return system.getClassList().map(([name]) => name)
  const classes = [...system.utilities.keys('static')]
  for (const root of system.utilities.keys('functional')) {
    for (const group of system.utilities.getCompletions(root)) {
      for (const value of group.values) {
        const name = value === null ? root : `${root}-${value}`
        classes.push(name)
        if (group.supportsNegative && value !== null) classes.push(`-${name}`)
      }
    }
  }
  return classes
}
