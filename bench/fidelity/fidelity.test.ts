import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Run, runTaskSet } from './run-tasks.ts'
import { TASK_KINDS } from './task.ts'
import { PROJECTS } from './tasks/index.ts'

/**
 * The fidelity benchmark's task set through our mutate API only (no reprint, no timings, no type
 * check): every task edits only its element's lines, keeps every comment, leaves code that parses, and
 * its undo gives back the original bytes. bench/fidelity/run.ts measures the same tasks against a
 * reprinting editor.
 */
const TASKS = PROJECTS.flatMap((project) => project.tasks.map((task) => ({ project: project.name, task })))

let run: Run | undefined

beforeAll(async () => {
  run = await runTaskSet(PROJECTS, { reprint: false, repeat: 1 })
})

afterAll(() => run?.dispose())

describe('the task set', () => {
  it('has at least 100 tasks and every change type', () => {
    expect(TASKS.length).toBeGreaterThanOrEqual(100)
    const kinds = new Set(TASKS.map(({ task }) => task.kind))
    expect(TASK_KINDS.filter((kind) => !kinds.has(kind))).toEqual([])
  })
})

describe('through the mutate API', () => {
  it.each(
    TASKS.map(
      ({ project, task }, index) => [`${project} ${task.file} ${task.kind}: ${task.name}`, index] as const,
    ),
  )('%s', (_label, index) => {
    const result = run?.results[index]
    expect(result?.error).toBeUndefined()
    const ours = result?.ours
    expect(ours?.files.size).toBeGreaterThan(0)
    for (const [file, fidelity] of ours?.files ?? []) {
      expect({ file, outside: fidelity.outside }).toEqual({ file, outside: 0 })
      expect({ file, lost: fidelity.commentsLost }).toEqual({ file, lost: [] })
      expect({ file, parseError: fidelity.parseError }).toEqual({ file, parseError: undefined })
    }
    expect(ours?.undoProblem).toBeUndefined()
  })
})
