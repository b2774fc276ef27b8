import { plainDeclarations } from './css-ast.ts'
import { arbitraryProperty, arbitraryValue, declarationMatcher } from './declaration-class.ts'
import type { CssNode } from './design-system.ts'

/** What Tailwind 3's context says about its utilities, as far as finding a class goes. */
export interface LegacyUtilities {
  /** Every class the context offers (`context.getClassList()`), in its order: each plugin's together. */
  classList: readonly string[]
  /** The keys of `context.candidateRuleMap` (`p`, `text`, `flex`), true for those that take a value. */
  roots: ReadonlyMap<string, boolean>
  /** The class's CSS as nodes; empty when Tailwind does not generate it. */
  ast(className: string): CssNode[]
}

/**
 * The classes of one plugin under one root, as the class list has them side by side (`p-0` ... `p-px`;
 * `text-xs` ... `text-9xl` apart from `text-inherit` ... `text-rose-950`), with the properties the first
 * of them sets on its own (none when its CSS is not one plain rule).
 */
interface Run {
  root: string
  functional: boolean
  classes: string[]
  properties: ReadonlySet<string>
}

const runIndexes = new WeakMap<LegacyUtilities, Map<string, Run[]>>()

/**
 * Tailwind 3's class (without variants) whose CSS is exactly `property: value`, asked of the project's
 * own context like Tailwind 4's design system is (declaration-class.ts), never from a table of ours:
 *
 * 1. a class of a plugin whose classes set that property, keeping one whose CSS resolves to the same
 *    value (theme classes and static ones alike):     padding: 16px   ->  p-4,   display: flex  ->  flex
 * 2. the arbitrary value of such a plugin's root:      padding: 13px   ->  p-[13px]
 * 3. an arbitrary property:                            text-wrap: stable  ->  [text-wrap:stable]
 *
 * Which plugins set a property is read from the first class of each (about 600 classes compiled once
 * per context, ~250 ms); only their classes are tried, so no root is asked for an arbitrary value it
 * cannot take (Tailwind 3 prints a warning for an ambiguous one). Null when not even an arbitrary
 * property gives that CSS.
 */
export function legacyClassForDeclaration(
  utilities: LegacyUtilities,
  property: string,
  value: string,
): string | null {
  const sets = declarationMatcher(property, value, () => null)
  const runs = (runsByProperty(utilities).get(property) ?? [])
    .slice()
    .sort((a, b) => a.root.length - b.root.length)

  for (const run of runs) {
    const match = run.classes.find((className) => sets(utilities.ast(className)))
    if (match) return match
  }
  const arbitrary = arbitraryValue(value)
  for (const root of new Set(runs.filter((run) => run.functional).map((run) => run.root))) {
    const className = `${root}-[${arbitrary}]`
    if (sets(utilities.ast(className))) return className
  }
  const propertyClass = arbitraryProperty(property, value)
  return sets(utilities.ast(propertyClass)) ? propertyClass : null
}

/** The runs of the class list by each property their first class sets, built once per context. */
function runsByProperty(utilities: LegacyUtilities): Map<string, Run[]> {
  const cached = runIndexes.get(utilities)
  if (cached) return cached
  const index = new Map<string, Run[]>()
  for (const run of classRuns(utilities)) {
    for (const property of run.properties) {
      const runs = index.get(property) ?? []
      runs.push(run)
      index.set(property, runs)
    }
  }
  runIndexes.set(utilities, index)
  return index
}

function classRuns(utilities: LegacyUtilities): Run[] {
  const runs: Omit<Run, 'properties'>[] = []
  let current: Omit<Run, 'properties'> | undefined
  for (const className of utilities.classList) {
    const root = rootOf(className, utilities.roots)
    if (root === null) continue
    if (current?.root !== root) {
      current = { root, functional: utilities.roots.get(root) === true, classes: [] }
      runs.push(current)
    }
    current.classes.push(className)
  }
  return runs.map((run) => {
    const first = run.classes[0]
    const declarations = first === undefined ? null : plainDeclarations(utilities.ast(first))
    return { ...run, properties: new Set(declarations?.map((declaration) => declaration.property)) }
  })
}

/**
 * The root Tailwind 3 reads a class by: the longest key of the rule map that is the class or starts
 * it before a `-` (`text-blue-600` -> `text`, `text-left` -> `text-left`), a leading `-` aside.
 */
function rootOf(className: string, roots: ReadonlyMap<string, boolean>): string | null {
  const name = className.startsWith('-') ? className.slice(1) : className
  for (let end = name.length; end > 0; end = name.lastIndexOf('-', end - 1)) {
    const candidate = name.slice(0, end)
    if (roots.has(candidate)) return candidate
  }
  return null
}
