import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { StyleModifier } from '../../protocol/styling.ts'
import { withModifiers } from '../../protocol/styling.ts'
import { MutateError } from '../edit/mutate-error.ts'
import { declaredProperties } from './css-ast.ts'
import { findTailwindEntry, TAILWIND_4_IMPORT } from './css-entry.ts'
import { arbitraryProperty, classForDeclaration, variantsAsWritten } from './declaration-class.ts'
import { type DesignSystem, designSystemOf } from './design-system.ts'
import { type ClassEffect, noClassFor, type TailwindEngine, type TailwindIntrospection } from './engine.ts'
import { loadLegacyEngine } from './legacy-engine.ts'
import { hostLoaders } from './stylesheet-loader.ts'
import {
  findTailwindPackage,
  requireTailwind,
  type TailwindPackage,
  tailwindMajor,
} from './tailwind-package.ts'

/** How often a project without a Tailwind stylesheet is looked at again for one. */
const RESCAN_MS = 2000

/**
 * Tailwind 4: the design system loaded from the project's stylesheet (its `@theme`,
 * `@custom-variant`s and `@plugin`s count). A theme class is preferred for a declaration.
 */
class DesignSystemEngine implements TailwindEngine {
  readonly #system: DesignSystem
  readonly entry: string | null
  readonly introspection: TailwindIntrospection

  constructor(system: DesignSystem, entry: string | null) {
    this.#system = system
    this.entry = entry
    this.introspection = { major: 4, system }
  }

  invalid(classes: readonly string[]): string[] {
    const css = this.#system.candidatesToCss([...classes])
    return classes.filter((_, index) => css[index] == null)
  }

  css(classes: readonly string[]): Map<string, string | null> {
    const css = this.#system.candidatesToCss([...classes])
    return new Map(classes.map((className, index) => [className, css[index] ?? null]))
  }

  theme(name: `--${string}`): string | null {
    try {
      return this.#system.theme.get([name])
    } catch {
      return null
    }
  }

  effect(className: string): ClassEffect | null {
    const [candidate] = this.#system.parseCandidate(className)
    const [ast] = this.#system.candidatesToAst([className])
    if (!candidate || !ast || ast.length === 0) return null
    const print = this.#system.printVariant?.bind(this.#system)
    return {
      variants: print ? candidate.variants.map(print) : variantsAsWritten(className),
      properties: declaredProperties(ast),
    }
  }

  classFor(property: string, value: string, modifiers: readonly StyleModifier[]): string {
    const base = classForDeclaration(this.#system, property, value)
    const className = base === null ? null : withModifiers(base, modifiers)
    if (className === null || this.invalid([className]).length > 0)
      throw noClassFor(property, value, modifiers)
    return className
  }
}

/**
 * A Tailwind visual-edit cannot ask (not 3 or 4, or a 4.x design system without the methods it
 * calls): classes are written as sent, a declaration becomes an arbitrary property, and every edit
 * says so in its warnings.
 */
class UncheckedEngine implements TailwindEngine {
  readonly entry = null
  readonly warning: string

  constructor(version: string) {
    this.warning = `tailwindcss ${version} cannot be asked which classes it generates (visual-edit reads Tailwind 3 and 4), so the classes were written as sent, unchecked.`
  }

  invalid(): string[] {
    return []
  }

  css(classes: readonly string[]): Map<string, string | null> {
    return new Map(classes.map((className) => [className, null]))
  }

  effect(): ClassEffect | null {
    return null
  }

  classFor(property: string, value: string, modifiers: readonly StyleModifier[]): string {
    return withModifiers(arbitraryProperty(property, value), modifiers)
  }
}

interface Loaded {
  engine: TailwindEngine
  /** Absolute entry path, or null when the defaults were used. */
  entry: string | null
  /** Files of the project the engine was read from (stylesheets, v3's config), with their mtimes. */
  sources: Map<string, number>
  /** The entry's marker for a rescan when there was none (v4 and v3 look for different ones). */
  rescan?: RegExp
  checkedAt: number
}

const engines = new Map<string, Promise<Loaded>>()

/** Whether the project (or, failing that, this plugin) has a tailwindcss. Loads nothing. */
export function isTailwindAvailable(root: string): boolean {
  return findTailwindPackage(root) !== null
}

/**
 * The project's Tailwind engine, loaded on first use and cached per root; reloaded when a file it
 * was read from changes on disk. Tailwind 4 (any release) and 3 are asked; another version gives an
 * engine that writes unchecked (with a warning). 422 when tailwindcss is not installed or the
 * project's stylesheet or config does not load.
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
): Promise<{ invalid: string[]; warning?: string }> {
  const engine = await tailwindEngine(root)
  return { invalid: engine.invalid(classes), ...(engine.warning ? { warning: engine.warning } : {}) }
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
  if (loaded.entry === null && loaded.rescan && Date.now() - loaded.checkedAt > RESCAN_MS) {
    if ((await findTailwindEntry(root, loaded.rescan)) !== null) return false
    loaded.checkedAt = Date.now()
  }
  return true
}

/** Why loading failed, with the root taken out of paths. */
function loadFailure(root: string, what: string, error: unknown): MutateError {
  const reason = (error instanceof Error ? error.message : String(error)).split(`${root}${path.sep}`).join('')
  return new MutateError(
    'EDIT_IMPOSSIBLE',
    `Tailwind could not load ${what}: ${reason}. Fix it, then try again.`,
    { cause: error },
  )
}

async function load(root: string): Promise<Loaded> {
  const found = findTailwindPackage(root)
  if (!found) {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      'tailwindcss is not installed in the project. Install it (npm i -D tailwindcss), or add the class with stylingFramework null.',
    )
  }
  const major = tailwindMajor(found.version)
  if (major === 3) {
    try {
      return { ...(await loadLegacyEngine(root, found)), checkedAt: Date.now() }
    } catch (error) {
      throw loadFailure(root, 'its config', error)
    }
  }
  if (major !== 4) return unchecked(found)
  return loadDesignSystem(root, found)
}

function unchecked(found: TailwindPackage): Loaded {
  return {
    engine: new UncheckedEngine(found.version),
    entry: null,
    sources: new Map(),
    checkedAt: Date.now(),
  }
}

async function loadDesignSystem(root: string, found: TailwindPackage): Promise<Loaded> {
  const entry = await findTailwindEntry(root)
  const sources = new Map<string, number>()
  const inProject = (file: string) =>
    !path.relative(root, file).startsWith('..') && !file.split(path.sep).includes('node_modules')
  const loaders = hostLoaders(root, found.dir, (file, mtimeMs) => {
    if (inProject(file)) sources.set(file, mtimeMs)
  })

  const relativeEntry = entry ? path.relative(root, entry).split(path.sep).join('/') : null
  let system: DesignSystem | null
  try {
    const tailwind = requireTailwind(found)
    if (!tailwind) return unchecked(found)
    const stylesheet = entry ? await loaders.loadStylesheet(entry, path.dirname(entry)) : null
    system = designSystemOf(
      await tailwind.__unstable__loadDesignSystem(stylesheet?.content ?? '@import "tailwindcss";', {
        base: stylesheet?.base ?? root,
        ...loaders,
      }),
    )
  } catch (error) {
    throw loadFailure(root, relativeEntry ?? 'its default theme', error)
  }
  if (!system) return unchecked(found)
  return {
    engine: new DesignSystemEngine(system, relativeEntry),
    entry,
    sources,
    rescan: TAILWIND_4_IMPORT,
    checkedAt: Date.now(),
  }
}
