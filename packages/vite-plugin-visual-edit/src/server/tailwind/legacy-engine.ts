import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import postcss from 'postcss'
import type { StyleModifier } from '../../protocol/styling.ts'
import { withModifiers } from '../../protocol/styling.ts'
import { declaredProperties } from './css-ast.ts'
import { findTailwindEntry, TAILWIND_3_DIRECTIVE } from './css-entry.ts'
import { variantsAsWritten } from './declaration-class.ts'
import type { CssNode } from './design-system.ts'
import {
  type ClassEffect,
  noClassFor,
  type ResolvedLegacyConfig,
  type TailwindEngine,
  type TailwindIntrospection,
} from './engine.ts'
import { type LegacyUtilities, legacyClassForDeclaration } from './legacy-declaration-class.ts'
import type { TailwindPackage } from './tailwind-package.ts'

/** Where Tailwind 3 looks for its config, in its own order. */
const CONFIG_NAMES = ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'].map(
  (extension) => `tailwind.config.${extension}`,
)

/** Classes that style nothing themselves but are Tailwind's (the targets of `group-*` and `peer-*`). */
const MARKER_CLASS = /^(?:group|peer)(?:\/[\w-]+)?$/

/** The postcss nodes Tailwind 3 generates, as far as they are read here. */
interface PostcssNode {
  type: string
  selector?: string
  name?: string
  params?: string
  prop?: string
  value?: string
  important?: boolean
  nodes?: PostcssNode[]
  toString(): string
}

/** Tailwind 3's internals that its own tooling (the IntelliSense server) uses for the same questions. */
interface Tailwind3 {
  resolveConfig(config: unknown): unknown
  loadConfig?(file: string): unknown
  createContext(config: unknown, changedContent: unknown[], root: unknown): Context3
  generateRules(candidates: Set<string>, context: Context3): [unknown, PostcssNode][]
}

/** The context's parts read here: its class list (for completions) and its rule map (by root). */
interface Context3 {
  getClassList?(options?: unknown): (string | [string, unknown])[]
  candidateRuleMap?: Map<string, [unknown, unknown][]>
}

function toCssNode(node: PostcssNode): CssNode | null {
  const children = () => (node.nodes ?? []).map(toCssNode).filter((child) => child !== null)
  switch (node.type) {
    case 'rule':
      return { kind: 'rule', selector: node.selector ?? '', nodes: children() }
    case 'atrule':
      return { kind: 'at-rule', name: `@${node.name ?? ''}`, params: node.params ?? '', nodes: children() }
    case 'decl':
      return {
        kind: 'declaration',
        property: node.prop ?? '',
        value: node.value,
        important: node.important === true,
      }
    default:
      return null
  }
}

/**
 * Tailwind 3: a context made from the project's `tailwind.config.*` and the `@layer` rules of its
 * stylesheet, asked with `generateRules`, which is what Tailwind runs for each class it finds in the
 * content. Synchronous and under a millisecond a class (each answer is kept). A declaration becomes
 * the theme class that sets it, else an arbitrary value or property (legacy-declaration-class.ts).
 */
class LegacyEngine implements TailwindEngine {
  readonly entry: string | null
  readonly introspection: TailwindIntrospection
  readonly #generate: (className: string) => PostcssNode[]
  readonly #utilities: LegacyUtilities

  constructor(
    generate: (className: string) => PostcssNode[],
    context: Context3,
    config: ResolvedLegacyConfig,
    entry: string | null,
  ) {
    this.#generate = generate
    this.entry = entry
    let classList: string[] | undefined
    this.#utilities = {
      // Built on first use (~30 ms): only completions and styling edits need it.
      get classList() {
        classList ??= (context.getClassList?.() ?? []).map((entry) =>
          typeof entry === 'string' ? entry : entry[0],
        )
        return classList
      },
      roots: new Map(
        [...(context.candidateRuleMap ?? new Map<string, [unknown, unknown][]>())]
          .filter(([root]) => root !== '*')
          .map(([root, rules]) => [root, rules.some(([, rule]) => typeof rule === 'function')]),
      ),
      ast: (className) =>
        this.#generate(className)
          .map(toCssNode)
          .filter((node) => node !== null),
    }
    this.introspection = { major: 3, utilities: this.#utilities, config }
  }

  invalid(classes: readonly string[]): string[] {
    return classes.filter(
      (className) => !MARKER_CLASS.test(className) && this.#generate(className).length === 0,
    )
  }

  css(classes: readonly string[]): Map<string, string | null> {
    return new Map(
      classes.map((className) => {
        const rules = this.#generate(className)
        return [className, rules.length === 0 ? null : rules.map((rule) => rule.toString()).join('\n')]
      }),
    )
  }

  effect(className: string): ClassEffect | null {
    const rules = this.#generate(className)
    if (rules.length === 0) return null
    const ast = rules.map(toCssNode).filter((node) => node !== null)
    return { variants: variantsAsWritten(className), properties: declaredProperties(ast) }
  }

  classFor(property: string, value: string, modifiers: readonly StyleModifier[]): string {
    const base = legacyClassForDeclaration(this.#utilities, property, value)
    const className = base === null ? null : withModifiers(base, modifiers)
    if (className === null || this.invalid([className]).length > 0)
      throw noClassFor(property, value, modifiers)
    return className
  }
}

/**
 * Loads Tailwind 3 as the project has it. Returns the engine with the files it was read from (the
 * config and the stylesheet, with their mtimes), so a change to either reloads it.
 */
export async function loadLegacyEngine(
  root: string,
  found: TailwindPackage,
): Promise<{ engine: TailwindEngine; entry: string | null; sources: Map<string, number>; rescan: RegExp }> {
  const require = createRequire(found.requireFrom)
  const optional = (id: string) => {
    try {
      return require(id) as unknown
    } catch {
      return undefined
    }
  }
  const tailwind: Tailwind3 = {
    resolveConfig: require('tailwindcss/resolveConfig') as Tailwind3['resolveConfig'],
    loadConfig: optional('tailwindcss/loadConfig') as Tailwind3['loadConfig'],
    createContext: (require('tailwindcss/lib/lib/setupContextUtils') as Pick<Tailwind3, 'createContext'>)
      .createContext,
    generateRules: (require('tailwindcss/lib/lib/generateRules') as Pick<Tailwind3, 'generateRules'>)
      .generateRules,
  }

  const sources = new Map<string, number>()
  const remember = async (file: string) => sources.set(file, (await stat(file)).mtimeMs)
  const configFile =
    CONFIG_NAMES.map((name) => path.join(root, name)).find((file) => existsSync(file)) ?? null
  let config: unknown = {}
  if (configFile) {
    await remember(configFile)
    // Tailwind's own watcher does the same: the config is read again after a change.
    delete require.cache[configFile]
    config = tailwind.loadConfig ? tailwind.loadConfig(configFile) : require(configFile)
    const loaded = config as { default?: unknown }
    if (loaded && typeof loaded === 'object' && 'default' in loaded) config = loaded.default
  }
  const stylesheet = await findTailwindEntry(root, TAILWIND_3_DIRECTIVE)
  if (stylesheet) await remember(stylesheet)
  const css = stylesheet ? await readFile(stylesheet, 'utf8') : ''
  const resolved = tailwind.resolveConfig(config) as ResolvedLegacyConfig
  const context = tailwind.createContext(resolved, [], postcss.parse(css))
  const cache = new Map<string, PostcssNode[]>()
  const generate = (className: string) => {
    let rules = cache.get(className)
    if (!rules) {
      rules = tailwind.generateRules(new Set([className]), context).map(([, rule]) => rule)
      cache.set(className, rules)
    }
    return rules
  }
  const entry = configFile ? path.relative(root, configFile).split(path.sep).join('/') : null
  return {
    engine: new LegacyEngine(generate, context, resolved, entry),
    entry: configFile,
    sources,
    rescan: TAILWIND_3_DIRECTIVE,
  }
}
