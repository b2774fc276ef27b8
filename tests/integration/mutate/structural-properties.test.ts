/**
 * Properties of the structural edits, run in process (OPERATIONS with a services object as the dev
 * server builds it, no HTTP) so that hundreds of sequences fit in seconds.
 *
 * A generator writes two modules of two components each: nested elements (host tags and a component),
 * text, `{flag && <x />}` conditionals, a `.map()` list, `{/* ... *\/}` comments; indented with two
 * spaces or tabs; LF or CRLF. Random sequences of addJsxElement, moveJsxElement, removeJsxElement,
 * wrapInDiv and duplicate run on them, each picking its elements from the index as it is at that step.
 * After every step:
 * - no answer is a 5xx; a refusal (4xx) writes nothing and leaves the index as it was;
 * - every file parses, and the index equals tagging every file from scratch;
 * - every file keeps its style: its line breaks, indents made of its unit, no trailing whitespace;
 * - the JSX element count (both files together) changed as the operation says: add +1 (a copy: + the
 *   copied subtree), duplicate + the duplicated subtrees, wrap +1, remove - the removed subtrees
 *   (nested ones once), move 0;
 * - every id in prevIdToNewIdMap and newCodebaseIds resolves in the new index; a moved element's old id
 *   leads to an element with its tag, a new id to the element the edit created; and the map is complete:
 *   every generated element carries a `data-k` mark, and each one that survived is reached from its old
 *   id (through the map when its id changed).
 * Undoing one entry at a time gives back every intermediate state, and the start byte for byte.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import type { MutateResponse } from '../../../packages/vite-plugin-visual-edit/src/protocol/mutate-api.ts'
import { replay } from '../../../packages/vite-plugin-visual-edit/src/server/edit/activities.ts'
import { History } from '../../../packages/vite-plugin-visual-edit/src/server/edit/history.ts'
import { MutateError } from '../../../packages/vite-plugin-visual-edit/src/server/edit/mutate-error.ts'
import type { MutationServices } from '../../../packages/vite-plugin-visual-edit/src/server/edit/mutation.ts'
import { ParsedFiles } from '../../../packages/vite-plugin-visual-edit/src/server/edit/parsed-files.ts'
import {
  FileLocks,
  nodeFileSystem,
} from '../../../packages/vite-plugin-visual-edit/src/server/edit/source-file.ts'
import { OPERATIONS } from '../../../packages/vite-plugin-visual-edit/src/server/mutate/index.ts'
import {
  ElementIndex,
  type IndexedElement,
} from '../../../packages/vite-plugin-visual-edit/src/transform/element-index.ts'
import { analyzeJsx } from '../../../packages/vite-plugin-visual-edit/src/transform/tag-jsx.ts'

// ---------------------------------------------------------------------------------------------------
// Generated modules

interface Tree {
  tag: string
  className: boolean
  text: string
  /** An empty element as `<x />` or `<x></x>`. */
  selfClosing: boolean
  children: Child[]
}
type Child =
  | { kind: 'element'; tree: Tree }
  | { kind: 'conditional'; tree: Tree }
  | { kind: 'map' }
  | { kind: 'comment' }
  /** `{flag ? <a /> : <b />}`, on one line or with each branch in parentheses on its own lines. */
  | { kind: 'ternary'; branches: [Tree, Tree]; multiline: boolean }
  /** A `.map()` whose callback reads nothing: its `<li>` may leave it. */
  | { kind: 'staticMap' }

interface Style {
  unit: string
  eol: string
}

const TAGS = ['div', 'section', 'p', 'span', 'ul', 'li', 'article', 'Box']
const word = fc.stringMatching(/^[a-z]{1,6}( [a-z]{1,6})?$/)
const leafArbitrary: fc.Arbitrary<Tree> = fc.record({
  tag: fc.constantFrom(...TAGS),
  className: fc.boolean(),
  text: fc.oneof(fc.constant(''), word),
  selfClosing: fc.boolean(),
  children: fc.constant<Child[]>([]),
})

/** Trees of elements, text, conditionals, lists and comments; with `ternaries`, also ternaries and static lists. */
function treeArbitrary(ternaries: boolean): fc.Arbitrary<Tree> {
  return fc.letrec<{ tree: Tree; child: Child }>((tie) => ({
    tree: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'tree' },
      leafArbitrary,
      fc.record({
        tag: fc.constantFrom(...TAGS),
        className: fc.boolean(),
        text: fc.oneof(fc.constant(''), word),
        selfClosing: fc.boolean(),
        children: fc.array(tie('child'), { minLength: 1, maxLength: 4, depthIdentifier: 'tree' }),
      }),
    ),
    child: fc.oneof(
      { depthIdentifier: 'tree' },
      tie('tree').map((tree): Child => ({ kind: 'element', tree: tree as Tree })),
      tie('tree').map((tree): Child => ({ kind: 'element', tree: tree as Tree })),
      leafArbitrary.map((tree): Child => ({ kind: 'conditional', tree })),
      fc.constant<Child>({ kind: 'map' }),
      fc.constant<Child>({ kind: 'comment' }),
      ...(ternaries
        ? [
            fc
              .record({ branches: fc.tuple(leafArbitrary, leafArbitrary), multiline: fc.boolean() })
              .map((ternary): Child => ({ kind: 'ternary', ...ternary })),
            fc
              .record({ branches: fc.tuple(leafArbitrary, leafArbitrary), multiline: fc.constant(true) })
              .map((ternary): Child => ({ kind: 'ternary', ...ternary })),
            fc.constant<Child>({ kind: 'staticMap' }),
          ]
        : []),
    ),
  })).tree as fc.Arbitrary<Tree>
}

const styleArbitrary: fc.Arbitrary<Style> = fc.record({
  unit: fc.constantFrom('  ', '\t'),
  eol: fc.constantFrom('\n', '\r\n'),
})

/**
 * The tree's lines. `mark()` gives each element its own `data-k="..."`, which edits carry along with the
 * element: the oracle for where an element went (see `expectIdsFollow`).
 */
function renderTree(tree: Tree, indent: string, unit: string, mark: () => string): string[] {
  const open = `${tree.tag}${mark()}${tree.className ? ' className="c"' : ''}`
  if (tree.children.length === 0) {
    if (tree.text) return [`${indent}<${open}>${tree.text}</${tree.tag}>`]
    return [tree.selfClosing ? `${indent}<${open} />` : `${indent}<${open}></${tree.tag}>`]
  }
  const inner = `${indent}${unit}`
  const leaf = (leafTree: Tree) => renderTree(leafTree, '', unit, mark)[0] as string
  const lines = [`${indent}<${open}>`]
  if (tree.text) lines.push(`${inner}${tree.text}`)
  for (const child of tree.children) {
    if (child.kind === 'element') lines.push(...renderTree(child.tree, inner, unit, mark))
    else if (child.kind === 'conditional') lines.push(`${inner}{flag && ${leaf(child.tree)}}`)
    else if (child.kind === 'map')
      lines.push(
        `${inner}{items.map((item) => (`,
        `${inner}${unit}<li${mark()} key={item}>{item}</li>`,
        `${inner}))}`,
      )
    else if (child.kind === 'staticMap')
      lines.push(`${inner}{items.map(() => (`, `${inner}${unit}<li${mark()}>static</li>`, `${inner}))}`)
    else if (child.kind === 'ternary' && !child.multiline)
      lines.push(`${inner}{flag ? ${leaf(child.branches[0])} : ${leaf(child.branches[1])}}`)
    else if (child.kind === 'ternary')
      lines.push(
        `${inner}{flag ? (`,
        `${inner}${unit}${leaf(child.branches[0])}`,
        `${inner}) : (`,
        `${inner}${unit}${leaf(child.branches[1])}`,
        `${inner})}`,
      )
    else lines.push(`${inner}{/* note */}`)
  }
  lines.push(`${indent}</${tree.tag}>`)
  return lines
}

/** A module with components A and B; its elements are marked `data-k="<prefix><n>"`. */
function moduleSource(trees: readonly [Tree, Tree], { unit, eol }: Style, prefix: string): string {
  let marks = 0
  const mark = () => {
    marks += 1
    return ` data-k="${prefix}${marks}"`
  }
  const component = (name: string, tree: Tree) => [
    `export function ${name}() {`,
    `${unit}return (`,
    ...renderTree(tree, unit.repeat(2), unit, mark),
    `${unit})`,
    '}',
  ]
  return [
    'const flag = Math.random() > 0.5',
    "const items = ['a', 'b']",
    "const Box = (_props: { 'data-k': string; className?: string; children?: unknown }) => null",
    '',
    ...component('A', trees[0]),
    '',
    ...component('B', trees[1]),
    '',
  ].join(eol)
}

/**
 * Lines that break the file's style: a line break other than the file's, an indent not made of the
 * file's unit, trailing whitespace.
 */
function layoutFaults(text: string, { unit, eol }: Style): string[] {
  const faults: string[] = []
  const lines = text.split('\n')
  lines.forEach((line, at) => {
    const last = at === lines.length - 1
    if (!last && eol === '\r\n' && !line.endsWith('\r')) faults.push(`line ${at + 1}: LF in a CRLF file`)
    const content = line.replace(/\r$/, '')
    if (content.includes('\r')) faults.push(`line ${at + 1}: a stray CR`)
    const indent = /^[ \t]*/.exec(content)?.[0] ?? ''
    if (content.trim() !== '' && indent.split(unit).join('') !== '')
      faults.push(`line ${at + 1}: indent ${JSON.stringify(indent)} is not made of ${JSON.stringify(unit)}`)
    if (/[ \t]$/.test(content)) faults.push(`line ${at + 1}: trailing whitespace ${JSON.stringify(content)}`)
  })
  return faults
}

// ---------------------------------------------------------------------------------------------------
// Steps

type Where = 'last' | 'before' | 'after'
type Step =
  | { op: 'add'; destination: number; where: Where; sibling: number; tag: string; copy: number | null }
  | { op: 'move'; element: number; container: number; where: Where; sibling: number }
  | { op: 'remove'; elements: number[] }
  | { op: 'wrap'; element: number; withNext: boolean }
  | { op: 'duplicate'; elements: number[] }

const where = fc.constantFrom<Where>('last', 'before', 'after')
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    destination: fc.nat(),
    where,
    sibling: fc.nat(),
    tag: fc.constantFrom('div', 'hr', 'span', 'Box'),
    copy: fc.option(fc.nat(), { nil: null }),
  }),
  fc.record({
    op: fc.constant('move' as const),
    element: fc.nat(),
    container: fc.nat(),
    where,
    sibling: fc.nat(),
  }),
  fc.record({
    op: fc.constant('move' as const),
    element: fc.nat(),
    container: fc.nat(),
    where,
    sibling: fc.nat(),
  }),
  fc.record({
    op: fc.constant('remove' as const),
    elements: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ op: fc.constant('wrap' as const), element: fc.nat(), withNext: fc.boolean() }),
  fc.record({
    op: fc.constant('duplicate' as const),
    elements: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
  }),
)

const ref = (element: IndexedElement) => ({ codebaseId: element.id })

/** Elements inside `element` (itself included), by span. */
const subtree = (elements: readonly IndexedElement[], element: IndexedElement) =>
  elements.filter(
    (other) => other.file === element.file && other.start >= element.start && other.end <= element.end,
  )

interface Planned {
  operation: string
  body: Record<string, unknown>
  /** Change of the element count when the edit is made. */
  delta: number
  /** The element a move moves; the tag the created element must have. */
  moved?: IndexedElement
  createdTag?: string
  /** The created elements are copies of existing ones (duplicate, add of a codebaseId). */
  copies: boolean
}

function sibling(all: readonly IndexedElement[], container: IndexedElement, pick: number, where: Where) {
  if (where === 'last' || container.childIds.length === 0) return {}
  const id = container.childIds[pick % container.childIds.length] as string
  const element = all.find((candidate) => candidate.id === id)
  if (!element) return {}
  return where === 'before' ? { beforeElement: ref(element) } : { afterElement: ref(element) }
}

function plan(step: Step, all: readonly IndexedElement[]): Planned {
  const pick = (n: number) => all[n % all.length] as IndexedElement
  switch (step.op) {
    case 'add': {
      const destination = pick(step.destination)
      const copy = step.copy === null ? undefined : pick(step.copy)
      return {
        operation: 'addJsxElement',
        body: {
          destinationElement: ref(destination),
          newElement: copy
            ? ref(copy)
            : step.tag === 'Box'
              ? { componentName: 'Box' }
              : { nativeTag: step.tag },
          ...sibling(all, destination, step.sibling, step.where),
        },
        delta: copy ? subtree(all, copy).length : 1,
        createdTag: copy ? copy.tagName : step.tag,
        copies: copy !== undefined,
      }
    }
    case 'move': {
      const moved = pick(step.element)
      const container = pick(step.container)
      return {
        operation: 'moveJsxElement',
        body: {
          elementToMove: ref(moved),
          newContainerElement: ref(container),
          ...sibling(all, container, step.sibling, step.where),
        },
        delta: 0,
        moved,
        copies: false,
      }
    }
    case 'remove': {
      const removed = [...new Set(step.elements.map(pick))]
      const gone = new Set(removed.flatMap((element) => subtree(all, element)))
      return {
        operation: 'removeJsxElement',
        body: { elementsToRemove: removed.map(ref) },
        delta: -gone.size,
        copies: false,
      }
    }
    case 'wrap': {
      const element = pick(step.element)
      const parent = all.find((candidate) => candidate.id === element.parentId)
      const next = parent?.childIds[parent.childIds.indexOf(element.id) + 1]
      const nextElement = step.withNext && next ? all.find((candidate) => candidate.id === next) : undefined
      return {
        operation: 'wrapInDiv',
        body: { reactElements: [element, ...(nextElement ? [nextElement] : [])].map(ref) },
        delta: 1,
        createdTag: 'div',
        copies: false,
      }
    }
    case 'duplicate': {
      const duplicated = [...new Set(step.elements.map(pick))]
      return {
        operation: 'duplicate',
        body: { reactElements: duplicated.map(ref) },
        delta: duplicated.reduce((sum, element) => sum + subtree(all, element).length, 0),
        copies: true,
      }
    }
  }
}

/** The `data-k` mark in an element's opening tag. */
function markOf(texts: readonly string[], files: readonly string[], element: IndexedElement) {
  const text = texts[files.indexOf(element.file)] as string
  return /\bdata-k="(\w+)"/.exec(text.slice(element.openingStart, element.openingEnd))?.[1]
}

/**
 * prevIdToNewIdMap is complete and right: each element that survived the edit (found again by its mark;
 * a copy the edit made carries the same mark, so copies are set aside, and marks that copies of earlier
 * steps share are skipped) is reached from its old id, by the map when its id changed, and the map names
 * no element that is gone.
 */
function expectIdsFollow(
  before: { texts: readonly string[]; elements: readonly IndexedElement[] },
  after: { texts: readonly string[]; elements: readonly IndexedElement[]; files: readonly string[] },
  response: MutateResponse,
  copied: boolean,
  context: string,
): void {
  const { files } = after
  const created = (response.newCodebaseIds ?? [])
    .map((id) => after.elements.find((element) => element.id === id))
    .filter((element): element is IndexedElement => element !== undefined)
  // What duplicate or a copying add creates is a copy, and so is everything inside it.
  const copies = copied ? created : []
  const isCopy = (element: IndexedElement) =>
    copies.some(
      (copy) => copy.file === element.file && element.start >= copy.start && element.end <= copy.end,
    )
  const byMark = new Map<string, IndexedElement[]>()
  for (const element of after.elements) {
    const mark = markOf(after.texts, files, element)
    if (mark === undefined || isCopy(element)) continue
    byMark.set(mark, [...(byMark.get(mark) ?? []), element])
  }
  const map = response.prevIdToNewIdMap ?? {}
  const marksBefore = before.elements.map((element) => markOf(before.texts, files, element))
  for (const [at, element] of before.elements.entries()) {
    const mark = marksBefore[at]
    // A mark an earlier copy already shares does not tell the two apart.
    if (mark === undefined || marksBefore.indexOf(mark) !== marksBefore.lastIndexOf(mark)) continue
    const now = byMark.get(mark) ?? []
    expect(now.length, `${context}: one element is marked ${mark}`).toBeLessThanOrEqual(1)
    const expected = now[0]?.id
    if (expected === undefined)
      expect(map[element.id], `${context}: the map names no new id for removed ${mark}`).toBeUndefined()
    else
      expect(map[element.id] ?? element.id, `${context}: ${mark} (<${element.tagName}>) followed`).toBe(
        expected,
      )
  }
}

// ---------------------------------------------------------------------------------------------------

const root = mkdtempSync(path.join(tmpdir(), 'visual-edit-structural-'))
mkdirSync(path.join(root, 'src'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let run = 0

type Example = [[Tree, Tree], [Tree, Tree], Style, Step[]]

const leaf = (tag: string, text = ''): Tree => ({
  tag,
  className: false,
  text,
  selfClosing: true,
  children: [],
})
const parent = (tag: string, children: Child[]): Tree => ({ ...leaf(tag), children })
const LF: Style = { unit: '  ', eol: '\n' }
/** Cases found before (always run): moving an only child to the end of its own parent. */
const EXAMPLES: Example[] = [
  [
    [parent('section', [{ kind: 'element', tree: leaf('p', 'only') }]), leaf('div')],
    [leaf('div'), leaf('div')],
    LF,
    [{ op: 'move', element: 1, container: 0, where: 'last', sibling: 0 }],
  ],
]
/** With ternaries: a parenthesized branch and a static callback's root moving out. */
const TERNARY_EXAMPLES: Example[] = [
  [
    [
      parent('div', [
        { kind: 'ternary', branches: [leaf('p', 'yes'), leaf('i', 'no')], multiline: true },
        { kind: 'staticMap' },
      ]),
      leaf('footer'),
    ],
    [leaf('div'), leaf('div')],
    LF,
    [
      { op: 'move', element: 2, container: 4, where: 'last', sibling: 0 },
      { op: 'move', element: 2, container: 3, where: 'last', sibling: 0 },
    ],
  ],
]

async function checkSequences(ternaries: boolean, numRuns: number): Promise<void> {
  const trees = treeArbitrary(ternaries)
  await fc.assert(
    fc.asyncProperty(
      fc.tuple(trees, trees),
      fc.tuple(trees, trees),
      styleArbitrary,
      fc.array(stepArbitrary, { minLength: 1, maxLength: 10 }),
      async (first, second, style, steps) => {
        run += 1
        const files = [path.join(root, 'src', `Gen${run}a.tsx`), path.join(root, 'src', `Gen${run}b.tsx`)]
        const originals = [moduleSource(first, style, 'a'), moduleSource(second, style, 'b')]
        const index = new ElementIndex()
        files.forEach((file, at) => {
          const text = originals[at] as string
          writeFileSync(file, text)
          index.setFile(file, analyzeJsx(text, { filename: file, root }).elements, text)
        })
        const services: MutationServices = {
          root,
          index,
          fs: nodeFileSystem,
          locks: new FileLocks(),
          history: new History(1000),
          parsed: new ParsedFiles(),
        }
        const canvas = `run-${run}`
        const texts = () => files.map((file) => readFileSync(file, 'utf8'))
        const elements = () => files.flatMap((file) => index.elementsOf(file))
        const count = (current: readonly string[]) =>
          current.reduce(
            (sum, text, at) =>
              sum + analyzeJsx(text, { filename: files[at] as string, root }).elements.length,
            0,
          )

        /** Both files after each step that wrote; states[0] is the start. */
        const states = [originals]
        for (const [at, step] of steps.entries()) {
          const all = elements()
          if (all.length === 0) break
          const planned = plan(step, all)
          const context = `step ${at} ${planned.operation} ${JSON.stringify(planned.body)}`
          const before = states.at(-1) as string[]
          const indexBefore = files.map((file) => index.elementsOf(file))
          const operation = OPERATIONS.get(planned.operation)
          if (!operation) throw new Error(`no operation ${planned.operation}`)

          let response: MutateResponse
          try {
            response = await operation(planned.body, services, canvas)
          } catch (error) {
            if (!(error instanceof MutateError)) throw error
            expect(error.status, `${context}: ${error.code} ${error.message}`).toBeLessThan(500)
            // The re-parse before writing is a safety net: an operation must not build code that fails it.
            expect(error.message, `${context}: the operation built code that does not parse`).not.toContain(
              'unable to parse',
            )
            expect(texts(), `${context}: a refusal writes nothing`).toEqual(before)
            expect(
              files.map((file) => index.elementsOf(file)),
              `${context}: nor re-indexes`,
            ).toEqual(indexBefore)
            continue
          }

          const after = texts()
          if (response.files.length === 0) {
            expect(after, `${context}: nothing to change, nothing written`).toEqual(before)
            continue
          }
          states.push(after)
          files.forEach((file, index_) => {
            expect(
              index.elementsOf(file),
              `${context}: the index of file ${index_} equals tagging it from scratch (it parses)`,
            ).toEqual(analyzeJsx(after[index_] as string, { filename: file, root }).elements)
          })
          expect(count(after), `${context}: element count`).toBe(count(before) + planned.delta)
          for (const text of after) expect(layoutFaults(text, style), `${context}: layout`).toEqual([])

          const idsBefore = new Set(all.map((element) => element.id))
          for (const [from, to] of Object.entries(response.prevIdToNewIdMap ?? {})) {
            expect(idsBefore.has(from), `${context}: ${from} was an id`).toBe(true)
            expect(index.get(to), `${context}: ${from} -> ${to} resolves`).toBeDefined()
          }
          for (const id of response.newCodebaseIds ?? [])
            expect(index.get(id), `${context}: new id ${id} resolves`).toBeDefined()
          if (planned.createdTag)
            expect(index.get(response.newCodebaseIds?.[0] as string)?.tagName, `${context}: created`).toBe(
              planned.createdTag,
            )
          if (planned.moved) {
            const id = response.prevIdToNewIdMap?.[planned.moved.id] ?? planned.moved.id
            expect(index.get(id)?.tagName, `${context}: the moved element's id follows it`).toBe(
              planned.moved.tagName,
            )
          }
          expectIdsFollow(
            { texts: before, elements: all },
            { texts: after, elements: elements(), files },
            response,
            planned.copies,
            context,
          )
        }

        for (let k = states.length - 2; k >= 0; k--) {
          await replay(services, canvas, 'undo')
          expect(texts(), `undo to state ${k}`).toEqual(states[k])
        }
        files.forEach((file, at) => {
          expect(readFileSync(file).equals(Buffer.from(originals[at] as string)), 'undo all: the start').toBe(
            true,
          )
          expect(index.elementsOf(file)).toEqual(
            analyzeJsx(originals[at] as string, { filename: file, root }).elements,
          )
        })
        await expect(replay(services, canvas, 'undo')).rejects.toMatchObject({ code: 'NOTHING_TO_UNDO' })
      },
    ),
    { numRuns, examples: ternaries ? TERNARY_EXAMPLES : EXAMPLES },
  )
}

/**
 * A run applies up to ten edits, checks every state by parsing it, then undoes them all: 50-300 ms.
 * The timeout is far above a whole property's usual 10-30 s, so a slow CI machine or a seed with large
 * trees does not fail the suite, while a hang still does.
 */
const PROPERTY_TIMEOUT_MS = 180_000

describe('structural edit properties', () => {
  test(
    'random sequences keep files parseable, counts consistent, the index current and every id resolvable; undo restores every state',
    async () => {
      await checkSequences(false, 200)
    },
    PROPERTY_TIMEOUT_MS,
  )

  test(
    'the same with ternaries and lists whose callback reads nothing (a branch or callback root that leaves becomes null)',
    async () => {
      await checkSequences(true, 200)
    },
    PROPERTY_TIMEOUT_MS,
  )
})
