/**
 * The fidelity benchmark's figures: per approach a table by task kind and the totals, ours against the
 * reprint with their ratio, the task count by project, and the tasks our mutate API missed a goal on
 * (with why). The same tables and two charts go to the benchmark report (bench/report/record.ts).
 */
import path from 'node:path'
import { type ReportTable, recordChart, recordTable } from '../report/record.ts'
import { formatTable, median } from '../report.ts'
import type { ApproachResult, TaskResult } from './run-tasks.ts'
import { TASK_KINDS, type TaskKind } from './task.ts'

const AREA = 'fidelity'

/** One approach's figures over a group of tasks. */
interface Summary {
  tasks: number
  changed: number
  outside: number
  /** Original lines outside the edits, and how many stayed byte-identical. */
  formatting: { kept: number; total: number }
  commentsKept: number
  parses: number
  /** Tasks the type check looked at, and how many added no diagnostic. */
  typeChecked: number
  typeChecks: number
  undoExact: number
  ms: number[]
  /** Ours only: the times less file IO. */
  workMs: number[]
}

const files = (result: ApproachResult) => [...result.files.values()]

function summarize(results: readonly (ApproachResult | undefined)[]): Summary {
  const summary: Summary = {
    tasks: 0,
    changed: 0,
    outside: 0,
    formatting: { kept: 0, total: 0 },
    commentsKept: 0,
    parses: 0,
    typeChecked: 0,
    typeChecks: 0,
    undoExact: 0,
    ms: [],
    workMs: [],
  }
  for (const result of results) {
    if (!result) continue
    summary.tasks += 1
    for (const file of files(result)) {
      summary.changed += file.changed
      summary.outside += file.outside
      summary.formatting.kept += file.formatting.kept
      summary.formatting.total += file.formatting.total
    }
    if (files(result).every((file) => file.commentsLost.length === 0)) summary.commentsKept += 1
    if (files(result).every((file) => file.parseError === undefined)) summary.parses += 1
    if (result.newDiagnostics) {
      summary.typeChecked += 1
      if (result.newDiagnostics.length === 0) summary.typeChecks += 1
    }
    if (!result.undoProblem) summary.undoExact += 1
    summary.ms.push(result.ms)
    if (result.workMs !== undefined) summary.workMs.push(result.workMs)
  }
  return summary
}

const percent = (part: number, whole: number) =>
  whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`
const share = (part: number, whole: number) => `${part}/${whole}`

const HEADER = [
  'kind',
  'tasks',
  'lines changed',
  'lines outside the edit',
  'formatting kept',
  'comments kept',
  'parses',
  'type-checks',
  'undo byte-exact',
  'ms p50',
  'ms p50 less IO',
]

function row(label: string, summary: Summary): string[] {
  return [
    label,
    String(summary.tasks),
    String(summary.changed),
    String(summary.outside),
    percent(summary.formatting.kept, summary.formatting.total),
    share(summary.commentsKept, summary.tasks),
    share(summary.parses, summary.tasks),
    summary.typeChecked === 0 ? 'not run' : share(summary.typeChecks, summary.typeChecked),
    share(summary.undoExact, summary.tasks),
    summary.ms.length === 0 ? '' : median(summary.ms).toFixed(2),
    summary.workMs.length === 0 ? '-' : median(summary.workMs).toFixed(2),
  ]
}

function print(table: ReportTable): void {
  console.log(`\n${table.title}`)
  console.log(
    formatTable(
      [...table.header],
      table.rows.map((cells) => [...cells]),
    ),
  )
  recordTable(AREA, table)
}

const byKind = (results: readonly TaskResult[], kind: TaskKind) =>
  results.filter((result) => result.task.kind === kind)

/** Why our edit of a task missed the goals, or an empty list. */
function oursMisses(result: TaskResult): string[] {
  if (result.error) return [`did not run: ${result.error}`]
  const ours = result.ours
  if (!ours) return ['did not run']
  const misses: string[] = []
  for (const [file, fidelity] of ours.files) {
    const name = path.basename(file)
    if (fidelity.outside > 0) misses.push(`${fidelity.outside} lines changed outside the edit in ${name}`)
    if (fidelity.commentsLost.length > 0)
      misses.push(`lost comments in ${name}: ${fidelity.commentsLost.join(' | ')}`)
    if (fidelity.parseError) misses.push(`${name} does not parse: ${fidelity.parseError}`)
  }
  if (ours.undoProblem) misses.push(ours.undoProblem)
  if (ours.newDiagnostics && ours.newDiagnostics.length > 0)
    misses.push(`new type errors: ${ours.newDiagnostics.join(' | ')}`)
  return misses
}

/** Prints and records every figure; resolves to whether our mutate API met its goals on every task. */
export function report(results: readonly TaskResult[]): boolean {
  const approaches = [
    { name: 'ours (mutate API, then History undo)', pick: (result: TaskResult) => result.ours },
    {
      name: 'reprint (Babel + @babel/generator + prettier, undo = inverse edit reprinted)',
      pick: (result: TaskResult) => result.reprint,
    },
  ]
  const totals = approaches.map(({ pick }) => summarize(results.map(pick)))
  approaches.forEach(({ name, pick }, index) => {
    print({
      title: `fidelity: ${name}`,
      header: HEADER,
      rows: [
        ...TASK_KINDS.map((kind) => row(kind, summarize(byKind(results, kind).map(pick)))),
        row('total', totals[index] as Summary),
      ],
    })
  })

  const [ours, reprint] = totals as [Summary, Summary]
  const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : `${(a / b).toFixed(3)}x`)
  print({
    title: 'fidelity: ours against the reprint',
    header: ['figure', 'ours', 'reprint', 'ours / reprint'],
    rows: [
      [
        'lines changed outside the edits',
        String(ours.outside),
        String(reprint.outside),
        ratio(ours.outside, reprint.outside),
      ],
      [
        'lines changed in all',
        String(ours.changed),
        String(reprint.changed),
        ratio(ours.changed, reprint.changed),
      ],
      [
        'formatting kept outside the edits',
        percent(ours.formatting.kept, ours.formatting.total),
        percent(reprint.formatting.kept, reprint.formatting.total),
        '',
      ],
      ['undo byte-exact', percent(ours.undoExact, ours.tasks), percent(reprint.undoExact, reprint.tasks), ''],
      [
        'time per edit, p50 (ms; ours with its file IO)',
        median(ours.ms).toFixed(2),
        median(reprint.ms).toFixed(2),
        ratio(median(ours.ms), median(reprint.ms)),
      ],
      [
        'time per edit less file IO, p50 (ms)',
        median(ours.workMs).toFixed(2),
        median(reprint.ms).toFixed(2),
        ratio(median(ours.workMs), median(reprint.ms)),
      ],
    ],
  })

  const projects = [...new Set(results.map((result) => result.project))]
  print({
    title: 'fidelity: tasks by kind and project',
    header: ['kind', ...projects, 'total'],
    rows: [...TASK_KINDS, 'total' as const].map((kind) => {
      const counted = kind === 'total' ? results : byKind(results, kind)
      return [
        kind,
        ...projects.map((project) => String(counted.filter((result) => result.project === project).length)),
        String(counted.length),
      ]
    }),
  })
  print({
    title: 'fidelity: by project (lines outside the edits, formatting kept, undo byte-exact)',
    header: [
      'project',
      'tasks',
      'ours outside',
      'reprint outside',
      'ours kept',
      'reprint kept',
      'ours undo',
      'reprint undo',
    ],
    rows: projects.map((project) => {
      const inProject = results.filter((result) => result.project === project)
      const [mine, theirs] = [
        summarize(inProject.map((result) => result.ours)),
        summarize(inProject.map((result) => result.reprint)),
      ] as const
      return [
        project,
        String(inProject.length),
        String(mine.outside),
        String(theirs.outside),
        percent(mine.formatting.kept, mine.formatting.total),
        percent(theirs.formatting.kept, theirs.formatting.total),
        share(mine.undoExact, mine.tasks),
        share(theirs.undoExact, theirs.tasks),
      ]
    }),
  })

  recordChart(AREA, {
    title: 'Lines changed outside the edit, by task kind',
    unit: 'lines',
    valueName: 'mutate API',
    baselineName: 'reprint',
    lowerIsBetter: true,
    goal: 0,
    bars: TASK_KINDS.map((kind) => ({
      label: kind,
      value: summarize(byKind(results, kind).map((result) => result.ours)).outside,
      baseline: summarize(byKind(results, kind).map((result) => result.reprint)).outside,
    })),
  })
  recordChart(AREA, {
    title: 'Undo restores the original bytes, by task kind',
    unit: '%',
    valueName: 'mutate API',
    baselineName: 'reprint',
    lowerIsBetter: false,
    goal: 100,
    bars: TASK_KINDS.map((kind) => {
      const kindResults = byKind(results, kind)
      const exact = (pick: (result: TaskResult) => ApproachResult | undefined) => {
        const summary = summarize(kindResults.map(pick))
        return summary.tasks === 0 ? 0 : (100 * summary.undoExact) / summary.tasks
      }
      return {
        label: kind,
        value: exact((result) => result.ours),
        baseline: exact((result) => result.reprint),
      }
    }),
  })

  const missed = results
    .map((result) => ({ result, misses: oursMisses(result) }))
    .filter(({ misses }) => misses.length > 0)
  const kindsMissing = TASK_KINDS.filter((kind) => byKind(results, kind).length === 0)
  for (const { result, misses } of missed)
    console.log(
      `MISSED ${result.project} ${result.task.file} ${result.task.kind} "${result.task.name}": ${misses.join('; ')}`,
    )
  if (kindsMissing.length > 0) console.log(`MISSED: no task of kind ${kindsMissing.join(', ')}`)
  const ok = missed.length === 0 && kindsMissing.length === 0
  console.log(
    `goals (mutate API, every task): no line changed outside the edit, undo byte-exact, comments kept, still parses, no new type error: ${ok ? 'met' : `MISSED on ${missed.length} of ${results.length} tasks`}`,
  )
  return ok
}
