/**
 * The region of a task's edit: the lines of each original file the edit is entitled to change. What
 * a diff shows outside it is collateral damage (measure.ts counts it).
 *
 * An element's lines run from the line of its `<` to the line of its last `>`, taken over its slot:
 * the element itself when it is a JSX child; the whole `{...}` when it sits in an expression child (a
 * conditional, a `.map()` callback: the braces are part of what a removal or a wrap touches); the
 * element with its parentheses elsewhere (a returned root). Per kind:
 *
 * - in-place edits (text, classes, Tailwind and inline styles, props, tag): the element's lines;
 * - CSS styles: the lines of the rule the edit goes to in its stylesheet (with modifiers, the
 *   `.card:hover` rule; the stylesheet's end when it does not exist yet, where it is created);
 * - add: the insertion point (the last line of the sibling it goes after, the first line of the one
 *   it goes before, above that one's comments, or the destination's closing line when it goes last),
 *   and the module's import lines (an added component's import);
 * - move: the moved element's lines with the `{/* comments *\/}` directly above it (they move with
 *   it), and its insertion point, as for add; within one file, every line from one to the other (a
 *   line diff may show the code it passes over as what moved);
 * - remove: the element's lines;
 * - wrap: the lines from the first wrapped element to the last;
 * - duplicate: the element's lines (its copy goes right after it) and the module's import lines (a
 *   keyed list entry's copy needs React's Fragment).
 */
import { readFileSync } from 'node:fs'
import type { StyleModifier } from '../../packages/vite-plugin-visual-edit/src/protocol/styling.ts'
import {
  ancestry,
  placementOf,
  withParentheses,
} from '../../packages/vite-plugin-visual-edit/src/server/structure/jsx-context.ts'
import { attachedCommentsStart } from '../../packages/vite-plugin-visual-edit/src/server/structure/removal.ts'
import {
  normalizeSelector,
  parseSheet,
} from '../../packages/vite-plugin-visual-edit/src/server/styling/css.ts'
import { variantSelector } from '../../packages/vite-plugin-visual-edit/src/server/styling/css-variants.ts'
import type { IndexedElement } from '../../packages/vite-plugin-visual-edit/src/transform/element-index.ts'
import { parseModule } from '../../packages/vite-plugin-visual-edit/src/transform/parse-module.ts'
import type { Targets } from './targets.ts'
import type { EditTask } from './task.ts'

/** Lines of an original file, 1-based and inclusive; `last = first - 1` is the point after line `last`. */
export interface LineRange {
  first: number
  last: number
}

/** What a task's edit may change, by absolute file. */
export interface EditRegion {
  /** The lines it may change; a file without an entry may not change at all. */
  lines: Map<string, LineRange[]>
  /** The offsets of code it removes (a removed element), whose comments may go with it. */
  removed: Map<string, { start: number; end: number }[]>
}

/** The 1-based line of an offset. */
function lineAt(code: string, offset: number): number {
  let line = 1
  for (let at = code.indexOf('\n'); at !== -1 && at < offset; at = code.indexOf('\n', at + 1)) line += 1
  return line
}

const linesOf = (code: string, start: number, end: number): LineRange => ({
  first: lineAt(code, start),
  last: lineAt(code, Math.max(start, end - 1)),
})

/** A source file's text and AST, read once per task. */
class Sources {
  readonly #texts = new Map<string, string>()
  readonly #asts = new Map<string, ReturnType<typeof parseModule>>()

  constructor(readonly originals: ReadonlyMap<string, Buffer>) {}

  text(file: string): string {
    let text = this.#texts.get(file)
    if (text === undefined) {
      text = this.originals.get(file)?.toString('utf8') ?? readFileSync(file, 'utf8')
      this.#texts.set(file, text)
    }
    return text
  }

  ast(file: string): ReturnType<typeof parseModule> {
    let ast = this.#asts.get(file)
    if (!ast) {
      ast = parseModule(this.text(file), file)
      this.#asts.set(file, ast)
    }
    return ast
  }
}

/** The element's slot (see the module's comment) as offsets, and its placement. */
function slotOf(sources: Sources, element: IndexedElement) {
  const code = sources.text(element.file)
  const path = ancestry(sources.ast(element.file), element.start, element.end)
  if (path.length === 0) throw new Error(`${element.id} is not at its indexed span`)
  const placement = placementOf(path)
  const span =
    placement.kind === 'child'
      ? { start: element.start, end: element.end }
      : placement.kind === 'in-expression'
        ? { start: placement.anchor.start as number, end: placement.anchor.end as number }
        : withParentheses(code, placement.element)
  return { span, placement, code }
}

function elementLines(sources: Sources, element: IndexedElement): LineRange {
  const { span, code } = slotOf(sources, element)
  return linesOf(code, span.start, span.end)
}

/** The element's lines with the `{/* comments *\/}` directly above it, which move with it. */
function movedLines(sources: Sources, element: IndexedElement): LineRange {
  const { span, placement, code } = slotOf(sources, element)
  const comments =
    placement.kind === 'root' ? undefined : attachedCommentsStart(code, placement.parent, placement.anchor)
  return linesOf(code, comments ?? span.start, span.end)
}

/** Where code inserted into `container` goes (see the module's comment), as a one-line range. */
function insertionLines(sources: Sources, container: IndexedElement, targets: Targets): LineRange {
  const sibling = targets.sibling
  const line = !sibling
    ? linesOf(sources.text(container.file), container.start, container.end).last
    : sibling.side === 'after'
      ? elementLines(sources, sibling.element).last
      : movedLines(sources, sibling.element).first
  return { first: line, last: line }
}

/** The module's import declarations' lines, or the point before the first line when it has none. */
function importLines(sources: Sources, file: string): LineRange {
  const imports = sources.ast(file).program.body.filter((node) => node.type === 'ImportDeclaration')
  const first = imports[0]
  const last = imports.at(-1)
  if (!first || !last) return { first: 1, last: 0 }
  return linesOf(sources.text(file), first.start as number, last.end as number)
}

/**
 * A CSS edit's rule lines: the rule for the element's selector with the edit's state and dark
 * modifiers (`.card:hover`), or the stylesheet's end, where such a rule that does not exist yet is
 * created.
 */
function ruleLines(targets: Targets, modifiers: readonly StyleModifier[], sources: Sources): LineRange[] {
  const rule = targets.rule
  if (!rule) throw new Error('A CSS edit without its rule')
  const text = sources.text(rule.file)
  const sheet = parseSheet({
    path: rule.file,
    relativePath: rule.file,
    bytes: Buffer.from(text),
    text,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    mode: 0o644,
  })
  const wanted = normalizeSelector(
    variantSelector(rule.selector, modifiers, /\.module\.css$/i.test(rule.file)),
  )
  const node = sheet.nodes.find(
    (child) => child.type === 'rule' && normalizeSelector(child.selector) === wanted,
  )
  const start = node?.source?.start?.line
  const end = node?.source?.end?.line
  if (start !== undefined && end !== undefined) return [{ first: start, last: end }]
  if (modifiers.length === 0) throw new Error(`No rule ${rule.selector} in ${rule.file}`)
  const lineCount = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  return [{ first: lineCount + 1, last: lineCount }]
}

export function editRegion(
  task: EditTask,
  targets: Targets,
  originals: ReadonlyMap<string, Buffer>,
): EditRegion {
  const sources = new Sources(originals)
  const region: EditRegion = { lines: new Map(), removed: new Map() }
  const add = (file: string, range: LineRange) =>
    region.lines.set(file, [...(region.lines.get(file) ?? []), range])
  const { element, file } = targets
  switch (task.kind) {
    case 'text':
    case 'class-add':
    case 'class-remove':
    case 'class-update':
    case 'style-tailwind':
    case 'style-inline':
    case 'prop':
    case 'tag':
      add(file, elementLines(sources, element))
      break
    case 'remove':
      add(file, elementLines(sources, element))
      region.removed.set(file, [slotOf(sources, element).span])
      break
    case 'style-css':
      for (const range of ruleLines(targets, task.modifiers ?? [], sources))
        add(targets.rule?.file ?? file, range)
      break
    case 'add':
      add(file, insertionLines(sources, element, targets))
      add(file, importLines(sources, file))
      break
    case 'duplicate':
      add(file, elementLines(sources, element))
      add(file, importLines(sources, file))
      break
    case 'move': {
      const into = targets.into
      if (!into) throw new Error('A move without its container')
      const moved = movedLines(sources, element)
      const point = insertionLines(sources, into, targets)
      if (into.file !== file) {
        add(file, moved)
        add(into.file, point)
      } else add(file, { first: Math.min(moved.first, point.first), last: Math.max(moved.last, point.last) })
      break
    }
    case 'wrap': {
      const first = targets.wrapped[0]
      const last = targets.wrapped.at(-1)
      if (!first || !last) throw new Error('A wrap without elements')
      add(file, { first: elementLines(sources, first).first, last: elementLines(sources, last).last })
      break
    }
    default:
      return assertNever(task)
  }
  return region
}

function assertNever(value: never): never {
  throw new Error(`Unhandled task ${JSON.stringify(value)}`)
}
