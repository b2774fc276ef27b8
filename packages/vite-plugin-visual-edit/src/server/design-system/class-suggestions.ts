import {
  type ClassSuggestion,
  type ClassSuggestionsRequest,
  type ClassSuggestionsResponse,
  DEFAULT_CLASS_SUGGESTIONS,
} from '../../protocol/design-system.ts'
import { variantsAsWritten } from '../tailwind/declaration-class.ts'
import type { TailwindEngine } from '../tailwind/engine.ts'
import { type ClassCatalog, classCatalog } from './class-list.ts'
import { projectTailwind } from './project-tailwind.ts'

/** A query split where the suggestions go: `md:hover:!bg-bl` -> prefix `md:hover:!`, utility `bg-bl`. */
export interface ParsedQuery {
  /** The variants as typed, each with its `:`, and a leading `!` (important) of the utility. */
  prefix: string
  /** What is typed of the utility itself. */
  utility: string
}

/**
 * The part of a class input's text the suggestions are for: its last word (the class being typed),
 * split after its last top-level `:` (one inside `[...]` belongs to an arbitrary value).
 *
 *   'flex md:hover:bg-bl'  ->  { prefix: 'md:hover:', utility: 'bg-bl' }
 *   'p-[calc(1px:2px)]'    ->  { prefix: '', utility: 'p-[calc(1px:2px)]' }
 */
export function parseQuery(query: string): ParsedQuery {
  const word = query.trim().split(/\s+/).at(-1) ?? ''
  const variants = variantsAsWritten(word)
  const variantLength = variants.reduce((length, variant) => length + variant.length + 1, 0)
  let prefix = word.slice(0, variantLength)
  let utility = word.slice(variantLength)
  if (utility.startsWith('!')) {
    prefix += '!'
    utility = utility.slice(1)
  }
  return { prefix, utility }
}

/**
 * The classes of `classes` that hold `typed`, best first, at most `limit`: those that start with it,
 * then those where it starts a segment (after a `-`: `blue` in `bg-blue-500`), then any other that
 * holds it; in each group shorter before longer, then in the list's own order (Tailwind's: `p-2`
 * before `p-10`). The matches come shortest first (matchingIndexes), so the groups fill in their
 * final order and the pass stops once `limit` classes start with `typed`.
 *
 *   'bl' in ['table', 'bg-blend-color', 'bg-blue-50', 'bg-black', 'text-blue-50', 'blur']
 *     -> blur, bg-black, bg-blue-50, text-blue-50, bg-blend-color, table
 */
export function rankClasses(classes: readonly string[], typed: string, limit: number): string[] {
  if (typed === '' || limit <= 0) return []
  const groups: string[][] = [[], [], []]
  for (const index of matchingIndexes(classes, typed)) {
    const className = classes[index] as string
    const at = className.indexOf(typed)
    const group = groups[at === 0 ? 0 : segmentStart(className, typed, at) ? 1 : 2] as string[]
    if (group.length < limit) group.push(className)
    if (groups[0]?.length === limit) break
  }
  return groups.flat().slice(0, limit)
}

/**
 * A class list prepared for search: its classes shorter first (then in list order), joined by line
 * breaks into one string, with where each starts. `indexOf` over the joined text finds the matches
 * faster than an `includes` per class (about 70 ns each on Tailwind's strings, 1.5 ms for 23,000); no
 * class holds a line break, so a match never spans two.
 */
interface SearchText {
  text: string
  /** Offset of each class in `text`, in `text`'s order. */
  starts: Int32Array
  /** The list index of each class, in `text`'s order. */
  indexes: Int32Array
}

const searchTexts = new WeakMap<readonly string[], SearchText>()

function searchText(classes: readonly string[]): SearchText {
  let search = searchTexts.get(classes)
  if (!search) {
    const indexes = Int32Array.from(classes.keys()).sort(
      (a, b) => (classes[a] as string).length - (classes[b] as string).length || a - b,
    )
    const starts = new Int32Array(indexes.length)
    let offset = 0
    indexes.forEach((index, position) => {
      starts[position] = offset
      offset += (classes[index] as string).length + 1
    })
    search = { text: Array.from(indexes, (index) => classes[index]).join('\n'), starts, indexes }
    searchTexts.set(classes, search)
  }
  return search
}

/** The list indexes of the classes that hold `typed`, shorter classes first, then in list order. */
function matchingIndexes(classes: readonly string[], typed: string): number[] {
  const { text, starts, indexes } = searchText(classes)
  const matches: number[] = []
  let position = 0
  for (
    let at = text.indexOf(typed);
    at !== -1;
    at = text.indexOf(typed, starts[position + 1] ?? text.length)
  ) {
    // The class the match is in: the last that starts at or before it.
    let low = position
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((starts[middle] as number) <= at) low = middle
      else high = middle - 1
    }
    position = low
    matches.push(indexes[position] as number)
  }
  return matches
}

/** Whether `typed` occurs in `className` right after a `-`, at `first` or later. */
function segmentStart(className: string, typed: string, first: number): boolean {
  for (let at = first; at !== -1; at = className.indexOf(typed, at + 1)) {
    if (className[at - 1] === '-') return true
  }
  return false
}

/**
 * The class-suggestions endpoint's answer (protocol CLASS_SUGGESTIONS_PATH): the project's own
 * Tailwind classes (class-list.ts) that hold what is typed, ranked by rankClasses, with the variants
 * as typed in front (`md:hover:bg-bl` -> `md:hover:bg-blue-50`, ...), each with its CSS and its colour or
 * value (class-details.ts). What is typed comes first when Tailwind generates it but the list does not
 * hold it (an arbitrary value `p-[13px]`, an opacity `bg-blue-500/50`). Variants Tailwind does not know
 * (`hoverr:`) give no suggestions, since no such class can be added. A project that does not use
 * Tailwind (projectTailwind), or whose Tailwind visual-edit cannot ask, answers `tailwind: null` and
 * none; a Tailwind whose stylesheet or config does not load answers 422 with the reason.
 *
 *   { query: 'md:p-' }  ->  { tailwind: 4, suggestions: [
 *     { className: 'md:p-0', css: 'padding: calc(var(--spacing) * 0);', value: '0rem' }, ...] }
 */
export async function classSuggestions(
  root: string,
  request: ClassSuggestionsRequest,
): Promise<ClassSuggestionsResponse> {
  const engine = await projectTailwind(root)
  const catalog = engine && classCatalog(engine)
  if (!catalog) return { tailwind: null, suggestions: [] }
  return {
    tailwind: catalog.major,
    suggestions: suggest(engine, catalog, request.query, request.limit ?? DEFAULT_CLASS_SUGGESTIONS),
  }
}

function suggest(
  engine: TailwindEngine,
  catalog: ClassCatalog,
  query: string,
  limit: number,
): ClassSuggestion[] {
  const { prefix, utility } = parseQuery(query)
  if (utility === '') return []
  const typedIsClass = !catalog.known.has(utility) && engine.invalid([utility]).length === 0
  const classes = [
    ...(typedIsClass ? [utility] : []),
    ...rankClasses(catalog.classes, utility, typedIsClass ? limit - 1 : limit),
  ]
  const [first] = classes
  if (first === undefined || (prefix !== '' && engine.invalid([`${prefix}${first}`]).length > 0)) return []
  return classes.map((className) => {
    const { css, color, value } = catalog.details(className)
    return {
      className: `${prefix}${className}`,
      css,
      ...(color === undefined ? {} : { color }),
      ...(value === undefined ? {} : { value }),
    }
  })
}
