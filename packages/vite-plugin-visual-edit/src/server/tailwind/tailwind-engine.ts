import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { StyleModifier } from '../../protocol/styling.ts'
import { MutateError } from '../mutate-error.ts'
import { declaredProperties } from './css-ast.ts'
import { findTailwindEntry } from './css-entry.ts'
import { classForDeclaration } from './declaration-class.ts'
import { type DesignSystem, isDesignSystem } from './design-system.ts'
import { withModifiers } from './modifiers.ts'
import { hostLoaders } from './stylesheet-loader.ts'
import {
  findTailwindPackage,
  isSupportedVersion,
  MIN_TAILWIND_VERSION,
  requireTailwind,
} from './tailwind-package.ts'

/** How often a project without a Tailwind stylesheet is looked at again for one. */
const RESCAN_MS = 2000

/** What a class does, as far as replacing it goes. */
export interface ClassEffect {
  /** Its variants as written (`md`, `hover`), in no particular order. */
  variants: string[]
  /** The CSS properties it declares, Tailwind's own `--tw-*` bookkeeping left out. */
  properties: Set<string>
}

/**
 * Tailwind as one project sees it: the design system loaded from the project's stylesheet (its
 * `@theme`, `@custom-variant`s and `@plugin`s count), asked about classes.
 */
export class TailwindEngine {
  readonly #system: DesignSystem
  /** The stylesheet the design system came from, relative to the root; null for the default theme. */
  readonly entry: string | null

  constructor(system: DesignSystem, entry: string | null) {
    this.#system = system
    this.entry = entry
  }

  /** The classes Tailwind does not generate, in the order given. */
  invalid(classes: readonly string[]): string[] {
    const css = this.#system.candidatesToCss([...classes])
    return classes.filter((_, index) => css[index] == null)
  }

  /** Each class's CSS, or null when Tailwind does not generate it. */
  css(classes: readonly string[]): Map<string, string | null> {
    const css = this.#system.candidatesToCss([...classes])
    return new Map(classes.map((className, index) => [className, css[index] ?? null]))
  }

  /** What `className` styles under which variants; null when it is not a Tailwind class. */
  effect(className: string): ClassEffect | null {
    const [candidate] = this.#system.parseCandidate(className)
    const [ast] = this.#system.candidatesToAst([className])
    if (!candidate || !ast || ast.length === 0) return null
    return {
      variants: candidate.variants.map((variant) => this.#system.printVariant(variant)),
      properties: declaredProperties(ast),
    }
  }

  /**
   * The class that sets exactly `property: value` under `modifiers` (`md:hover:p-4`): a theme class
   * when one matches, else an arbitrary value or property. 422 when Tailwind cannot express it.
   */
  classFor(property: string, value: string, modifiers: readonly StyleModifier[]): string {
    const base = classForDeclaration(this.#system, property, value)
    const className = base === null ? null : withModifiers(base, modifiers)
    if (className === null || this.invalid([className]).length > 0) {
      throw new MutateError(
        'INVALID_VALUE',
        `Tailwind has no class for ${property}: ${value}${modifiers.length ? ` under ${modifiers.join(', ')}` : ''}. Check the value, or style the element with CSS instead.`,
      )
    }
    return className
  }
}

interface Loaded {
  engine: TailwindEngine
  /** Absolute entry path, or null when the default theme was used. */
  entry: string | null
  /** Stylesheets of the project the design system was read from, with their mtimes. */
  sources: Map<string, number>
  checkedAt: number
}

const engines = new Map<string, Promise<Loaded>>()

/** Whether the project (or, failing that, this plugin) has a tailwindcss 4 visual-edit can use. Loads nothing. */
export function isTailwindAvailable(root: string): boolean {
  const found = findTailwindPackage(root)
  return found !== null && isSupportedVersion(found.version)
}

/**
 * The project's Tailwind engine, loaded on first use and cached per root; reloaded when the
 * stylesheet it came from (or one it imports from the project) changes on disk. 422 when tailwindcss
 * 4 is not installed or the stylesheet does not compile.
 */
export async function tailwindEngine(root: string): Promise<TailwindEngine> {
  const key = path.resolve(root)
  const cached = engines.get(key)
  if (cached) {
    const loaded = await cached.catch(() => null)
    if (loaded && (await isFresh(key, loaded))) return loaded.engine
    if (engines.get(key) !== cached) return tailwindEngine(root)
  }
  const loading = load(key)
  engines.set(key, loading)
  loading.catch(() => {
    if (engines.get(key) === loading) engines.delete(key)
  })
  return (await loading).engine
}

export async function validateClasses(
  root: string,
  classes: readonly string[],
): Promise<{ invalid: string[] }> {
  return { invalid: (await tailwindEngine(root)).invalid(classes) }
}

export async function cssFor(root: string, classes: readonly string[]): Promise<Map<string, string | null>> {
  return (await tailwindEngine(root)).css(classes)
}

async function isFresh(root: string, loaded: Loaded): Promise<boolean> {
  for (const [file, mtime] of loaded.sources) {
    const current = await stat(file).then(
      (stats) => stats.mtimeMs,
      () => null,
    )
    if (current !== mtime) return false
  }
  if (loaded.entry === null && Date.now() - loaded.checkedAt > RESCAN_MS) {
    if ((await findTailwindEntry(root)) !== null) return false
    loaded.checkedAt = Date.now()
  }
  return true
}

async function load(root: string): Promise<Loaded> {
  const found = findTailwindPackage(root)
  if (!found || !isSupportedVersion(found.version)) {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      found
        ? `The project has tailwindcss ${found.version}; Tailwind classes are checked with tailwindcss ${MIN_TAILWIND_VERSION} or newer. Upgrade it, or add the class with stylingFramework null.`
        : 'tailwindcss is not installed in the project. Install it (npm i -D tailwindcss), or add the class with stylingFramework null.',
    )
  }

  const entry = await findTailwindEntry(root)
  const sources = new Map<string, number>()
  const inProject = (file: string) =>
    !path.relative(root, file).startsWith('..') && !file.split(path.sep).includes('node_modules')
  const loaders = hostLoaders(found.dir, (file, mtimeMs) => {
    if (inProject(file)) sources.set(file, mtimeMs)
  })

  const relativeEntry = entry ? path.relative(root, entry).split(path.sep).join('/') : null
  try {
    const tailwind = requireTailwind(found)
    const stylesheet = entry ? await loaders.loadStylesheet(entry, path.dirname(entry)) : null
    const system = await tailwind.__unstable__loadDesignSystem(
      stylesheet?.content ?? '@import "tailwindcss";',
      {
        base: stylesheet?.base ?? root,
        ...loaders,
      },
    )
    if (!isDesignSystem(system)) {
      throw new Error(
        `tailwindcss ${found.version} lacks the design-system methods visual-edit uses; update it`,
      )
    }
    return { engine: new TailwindEngine(system, relativeEntry), entry, sources, checkedAt: Date.now() }
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error))
      .split(`${root}${path.sep}`)
      .join('')
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `Tailwind could not load ${relativeEntry ?? 'its default theme'}: ${reason}. Fix the stylesheet, then try again.`,
      { cause: error },
    )
  }
}
