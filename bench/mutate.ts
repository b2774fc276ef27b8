/**
 * Server time of edits against what a reprinting editor pays, measured in one run.
 *
 *   npm run bench -- mutate
 *
 * For components of about 20, 100 and 400 JSX elements (from the benchmark corpus), each operation
 * runs end to end as the mutate server runs it (strict read, hash check, parse, locate, edit,
 * re-parse, atomic write, re-index, undo record) against files on disk: the in-place edits editText
 * and addClass, and the structural moveJsxElement (two sibling lines trade places, back and forth) and
 * duplicate (a one-line element copied; the copy is removed again, untimed). Baseline: Babel parse +
 * @babel/generator + prettier on the same file, the least a reprinting editor pays per edit. The
 * ratio compares our p50 without file IO (what the safe write costs on this disk; printed beside it)
 * with the reprint, which does no IO either. Also counted, as a unified diff shows them: lines the edit
 * changes (ours) and lines the reprint changes. Goals: at most 0.1x the reprint (0.25x for the
 * structural edits, which must re-tag the whole file), and a two-line diff per edit: one line out and
 * one in, and for a swap of two sibling lines one of them moved past the other.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { generate } from '@babel/generator'
import { diffLines } from 'diff'
import { format } from 'prettier'
import type { MutateResponse } from '../packages/vite-plugin-visual-edit/src/protocol/mutate-api.ts'
import { OPERATIONS } from '../packages/vite-plugin-visual-edit/src/server/mutate/index.ts'
import { ElementIndex } from '../packages/vite-plugin-visual-edit/src/transform/element-index.ts'
import { parseModule } from '../packages/vite-plugin-visual-edit/src/transform/parse-module.ts'
import { type JsxElementInfo, tagJsx } from '../packages/vite-plugin-visual-edit/src/transform/tag-jsx.ts'
import { generateCorpus } from './corpus/generate.ts'
import { devServerServices, timedFileSystem } from './fidelity/services.ts'
import { type ReportBar, recordChart } from './report/record.ts'
import { median, percentile, printTable } from './report.ts'

const SIZES = [20, 100, 400]
const ITERATIONS = 60
/** Untimed first edits per scenario, so JIT warm-up is not counted. */
const WARM_UP = 15
const GOAL_RATIO = 0.1
/**
 * Structural edits (move, duplicate) change which elements the file has, so before writing they
 * re-parse and re-tag the whole file (spec: "re-parse before writing"), where an in-place edit parses
 * only the edited element. That re-tag alone (Babel parse plus the tagging walk, ~0.8 ms at 20
 * elements against a ~10 ms reprint) is about 0.08x the reprint, so their goal leaves room for it.
 */
const GOAL_RATIO_STRUCTURAL = 0.25
const GOAL_DIFF_LINES = 2

/** Lines a unified diff of the two texts shows changed: removed plus added (a swap of two lines is two). */
function changedLineCount(before: string, after: string): number {
  return diffLines(before, after).reduce(
    (count, change) => count + (change.added || change.removed ? change.count : 0),
    0,
  )
}

interface Scenario {
  name: 'editText' | 'addClass' | 'moveJsxElement' | 'duplicate'
  /** The element the scenario edits (for moveJsxElement: the parent whose first two children swap). */
  pick: (elements: JsxElementInfo[], code: string) => JsxElementInfo | undefined
  /** The body for iteration i; edits alternate so every call changes the file. */
  body: (i: number, target: Target) => unknown
  /** An edit that puts the file back after each timed one (not timed). */
  restore?: { operation: string; body: (target: Target, response: MutateResponse) => unknown }
  /** Goal for 'x reprint'; default GOAL_RATIO. */
  ratioGoal?: number
}

/** The picked element as the element index knows it now, and its current text. */
interface Target {
  element: JsxElementInfo
  currentText: string
}

/** Whether the element sits on its own line(s): only whitespace before it and after it on them. */
function ownLine(code: string, element: JsxElementInfo): boolean {
  const lineStart = code.lastIndexOf('\n', element.start - 1) + 1
  const lineEnd = code.indexOf('\n', element.end)
  return (
    code.slice(lineStart, element.start).trim() === '' &&
    code.slice(element.end, lineEnd === -1 ? code.length : lineEnd).trim() === ''
  )
}
const oneLine = (code: string, element: JsxElementInfo) =>
  ownLine(code, element) && !code.slice(element.start, element.end).includes('\n')

const SCENARIOS: Scenario[] = [
  {
    name: 'editText',
    pick: (elements) => elements.find((element) => element.text === 'static' && element.tagName === 'h2'),
    body: (i, { element, currentText }) => ({
      element: { codebaseId: element.id },
      oldText: currentText,
      newText: i % 2 === 0 ? 'Benchmark A' : 'Benchmark B',
    }),
  },
  {
    name: 'addClass',
    pick: (elements, code) =>
      elements.find((element) =>
        /^<[a-z][\w.]*\s+className="[^"]*"/.test(code.slice(element.openingStart, element.openingEnd)),
      ),
    body: (_i, { element }) => ({
      reactElement: { codebaseId: element.id },
      className: 'ring-2',
      stylingFramework: 'Tailwind',
    }),
    restore: {
      operation: 'removeClass',
      body: ({ element }) => ({ reactElement: { codebaseId: element.id }, className: 'ring-2' }),
    },
  },
  {
    name: 'moveJsxElement',
    // A parent whose first two children are JSX children on one line each: the first moves after the
    // second, so every call swaps them back. The parent's id survives (its own path does not change).
    pick: (elements, code) =>
      elements.find((parent) => {
        const [first, second] = parent.childIds.map((id) => elements.find((element) => element.id === id))
        return (
          first !== undefined &&
          second !== undefined &&
          [first, second].every((child) => oneLine(code, child)) &&
          code.slice(first.end, second.start).trim() === ''
        )
      }),
    body: (_i, { element }) => ({
      elementToMove: { codebaseId: element.childIds[0] },
      newContainerElement: { codebaseId: element.id },
      afterElement: { codebaseId: element.childIds[1] },
      expectedCurrentParent: { codebaseId: element.id },
    }),
    ratioGoal: GOAL_RATIO_STRUCTURAL,
  },
  {
    name: 'duplicate',
    pick: (elements, code) =>
      elements.find(
        (element) =>
          element.parentId !== null &&
          element.slot === 'children' &&
          oneLine(code, element) &&
          !/\bkey=/.test(code.slice(element.openingStart, element.openingEnd)),
      ),
    body: (_i, { element }) => ({ reactElements: [{ codebaseId: element.id }] }),
    restore: {
      operation: 'removeJsxElement',
      body: (_target, response) => ({
        elementsToRemove: (response.newCodebaseIds ?? []).map((codebaseId) => ({ codebaseId })),
      }),
    },
    ratioGoal: GOAL_RATIO_STRUCTURAL,
  },
]

async function reprint(code: string, filename: string): Promise<string> {
  const ast = parseModule(code, filename)
  const { code: printed } = generate(ast, { retainLines: false, comments: true }, code)
  return format(printed, { parser: 'babel-ts', singleQuote: true, semi: false, printWidth: 110 })
}

export async function benchMutate(): Promise<boolean> {
  const corpus = generateCorpus(240)
  const withCounts = corpus.map((file) => ({
    ...file,
    count: tagJsx(file.code, { filename: '/c/a.tsx', root: '/c' }).elements.length,
  }))
  const root = mkdtempSync(path.join(tmpdir(), 'visual-edit-bench-'))
  const rows: string[][] = []
  const bars: ReportBar[] = []
  const diffBars: ReportBar[] = []
  let ok = true

  try {
    mkdirSync(path.join(root, 'src'))
    for (const size of SIZES) {
      const source = withCounts.reduce((best, file) =>
        Math.abs(file.count - size) < Math.abs(best.count - size) ? file : best,
      )
      for (const scenario of SCENARIOS) {
        const operation = OPERATIONS.get(scenario.name)
        if (!operation) throw new Error(`The mutate server has no '${scenario.name}' operation`)
        const file = path.join(root, 'src', `${scenario.name}-${size}.tsx`)
        writeFileSync(file, source.code)
        const index = new ElementIndex()
        const initial = tagJsx(source.code, { filename: file, root })
        index.setFile(file, initial.elements, source.code)
        const { fs, io } = timedFileSystem()
        const services = devServerServices(root, index, fs)
        const element = scenario.pick(initial.elements, source.code)
        if (!element) throw new Error(`No element for ${scenario.name} in a ${size}-element file`)

        const ours: number[] = []
        const compute: number[] = []
        const baseline: number[] = []
        let ourDiff = 0
        let reprintDiff = 0
        // The reprint depends on the file alone, which alternates between two or so states; diffing a
        // whole-file reprint costs up to a second, so each state's count is computed once.
        const reprintDiffs = new Map<string, number>()
        for (let i = 0; i < ITERATIONS + WARM_UP; i++) {
          const before = readFileSync(file, 'utf8')
          const current = index.get(element.id) ?? element
          const currentText = before.slice(current.openingEnd, current.end - `</${current.tagName}>`.length)
          const target = { element: current, currentText }
          const body = scenario.body(i, target)

          io.ms = 0
          const start = performance.now()
          const response = await operation(body, services, 'bench')
          const ourTime = performance.now() - start
          if (response.files.length === 0) throw new Error(`${scenario.name} changed nothing`)
          const ourCompute = ourTime - io.ms
          const after = readFileSync(file, 'utf8')

          const baselineStart = performance.now()
          const reprinted = await reprint(before, file)
          const baselineTime = performance.now() - baselineStart

          if (i >= WARM_UP) {
            ours.push(ourTime)
            compute.push(ourCompute)
            baseline.push(baselineTime)
            ourDiff = Math.max(ourDiff, changedLineCount(before, after))
            const reprintCount = reprintDiffs.get(before) ?? changedLineCount(before, reprinted)
            reprintDiffs.set(before, reprintCount)
            reprintDiff = Math.max(reprintDiff, reprintCount)
          }
          if (scenario.restore) {
            const restore = OPERATIONS.get(scenario.restore.operation)
            if (!restore)
              throw new Error(`The mutate server has no '${scenario.restore.operation}' operation`)
            await restore(scenario.restore.body(target, response), services, 'bench')
            if (readFileSync(file, 'utf8') !== before)
              throw new Error(`${scenario.restore.operation} did not restore the file`)
          }
        }
        const p50 = median(ours)
        const ratio = median(compute) / median(baseline)
        const passed = ratio <= (scenario.ratioGoal ?? GOAL_RATIO) && ourDiff <= GOAL_DIFF_LINES
        ok = ok && passed
        bars.push({
          label: `${scenario.name}, ${size} elements`,
          value: median(compute),
          baseline: median(baseline),
          goal: (scenario.ratioGoal ?? GOAL_RATIO) * median(baseline),
        })
        diffBars.push({ label: `${scenario.name}, ${size} elements`, value: ourDiff, baseline: reprintDiff })
        rows.push([
          `${scenario.name}, ${size} elements (${source.count})`,
          p50.toFixed(2),
          percentile(ours, 95).toFixed(2),
          median(compute).toFixed(2),
          median(baseline).toFixed(2),
          percentile(baseline, 95).toFixed(2),
          ratio.toFixed(3),
          String(ourDiff),
          String(reprintDiff),
          passed ? 'met' : 'MISSED',
        ])
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }

  printTable(
    'mutate',
    'mutate: server time per edit (ms) against a reprint (Babel parse + generate + prettier)',
    [
      'edit',
      'p50',
      'p95',
      'p50 w/o file IO',
      'reprint p50',
      'reprint p95',
      'x reprint',
      'diff lines',
      'reprint diff',
      'goal',
    ],
    rows,
  )
  recordChart('mutate', {
    title: 'Server time per edit against reprinting the file (p50, without file IO)',
    unit: 'ms',
    valueName: 'visual-edit',
    baselineName: 'reprint (Babel + generator + prettier)',
    lowerIsBetter: true,
    bars,
  })
  recordChart('mutate', {
    title: 'Lines a diff shows changed per edit (the most of any iteration)',
    unit: 'lines',
    valueName: 'visual-edit',
    baselineName: 'reprint (Babel + generator + prettier)',
    lowerIsBetter: true,
    bars: diffBars,
    goal: GOAL_DIFF_LINES,
  })
  console.log(
    "'x reprint' compares work with work: our p50 without the file IO of the safe write (strict read, temp file, re-read, rename), which the reprint does not do either.",
  )
  console.log(
    `goals: x reprint <= ${GOAL_RATIO} (structural edits <= ${GOAL_RATIO_STRUCTURAL}, see GOAL_RATIO_STRUCTURAL) and <= ${GOAL_DIFF_LINES} diff lines per edit (one out, one in; a swap moves one line past the other): ${ok ? 'met' : 'MISSED'}`,
  )
  return ok
}
