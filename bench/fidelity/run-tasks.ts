/**
 * Runs the task set: each project copied into a workspace, each task through our mutate API (and,
 * for the benchmark, through the reprinting approach), each result measured against the original
 * files for the task's region. The benchmark (run.ts) and the test (fidelity.test.ts) share it.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type FileFidelity, measureFile } from './measure.ts'
import { type OurEdit, runOurs } from './ours.ts'
import { type EditRegion, editRegion } from './regions.ts'
import { type ReprintEdit, runReprint } from './reprint.ts'
import { resolveTargets } from './targets.ts'
import type { EditTask, SourceProject } from './task.ts'
import { createWorkspace, type Workspace } from './workspace.ts'

/** One approach's result for one task. */
export interface ApproachResult {
  /** The measures of each file the edit wrote. */
  files: Map<string, FileFidelity>
  /** The text of each file after the edit (null: deleted), for the type check. */
  after: Map<string, string | null>
  /** The fastest of the task's runs, in milliseconds. */
  ms: number
  /** Ours only: the fastest run's time less its file IO (the reprint does no IO). */
  workMs?: number
  undoProblem?: string
  /** Diagnostics the edit added; filled in by the type check when it runs. */
  newDiagnostics?: string[]
}

export interface TaskResult {
  project: string
  task: EditTask
  /** Set when the task could not run (a selector that misses, an edit refused): the task is broken. */
  error?: string
  ours?: ApproachResult
  reprint?: ApproachResult
}

export interface RunOptions {
  /** Also run every task the reprinting way. */
  reprint: boolean
  /** Runs per task and approach; the fastest is the task's time (the first one is measured). */
  repeat: number
}

export interface Run {
  results: TaskResult[]
  workspaces: Workspace[]
  /** Removes the workspaces' folder. */
  dispose: () => void
}

function measure(
  workspace: Workspace,
  region: EditRegion,
  after: ReadonlyMap<string, string | null>,
): Map<string, FileFidelity> {
  const files = new Map<string, FileFidelity>()
  for (const [file, text] of after) {
    const original = workspace.originals.get(file)?.toString('utf8') ?? ''
    files.set(
      file,
      measureFile(file, original, text ?? '', region.lines.get(file) ?? [], region.removed.get(file) ?? []),
    )
  }
  return files
}

async function runTask(workspace: Workspace, task: EditTask, options: RunOptions): Promise<TaskResult> {
  const result: TaskResult = { project: workspace.project.name, task }
  try {
    const targets = await resolveTargets(workspace, task)
    const region = editRegion(task, targets, workspace.originals)
    let ours: OurEdit | undefined
    let fastest: OurEdit | undefined
    // Every run's undo must be exact: the first miss is the task's.
    let undoProblem: string | undefined
    for (let run = 0; run < options.repeat; run++) {
      const edit = await runOurs(workspace, task, targets)
      ours ??= edit
      if (!fastest || edit.ms < fastest.ms) fastest = edit
      undoProblem ??= edit.undoProblem
    }
    if (!ours || !fastest) throw new Error('The task ran no times')
    result.ours = {
      files: measure(workspace, region, ours.after),
      after: ours.after,
      ms: fastest.ms,
      workMs: fastest.ms - fastest.ioMs,
      ...(undoProblem ? { undoProblem } : {}),
    }
    if (options.reprint) {
      let reprint: ReprintEdit | undefined
      let fastestReprint = Number.POSITIVE_INFINITY
      for (let run = 0; run < options.repeat; run++) {
        const edit = await runReprint(workspace, task, targets, ours)
        reprint ??= edit
        fastestReprint = Math.min(fastestReprint, edit.ms)
      }
      if (!reprint) throw new Error('The task ran no times')
      result.reprint = {
        files: measure(workspace, region, reprint.after),
        after: reprint.after,
        ms: fastestReprint,
        ...(reprint.undoProblem ? { undoProblem: reprint.undoProblem } : {}),
      }
    }
  } catch (error) {
    // A task that cannot run is reported with the results and fails the benchmark and the test.
    result.error = error instanceof Error ? error.message : String(error)
  }
  return result
}

export async function runTaskSet(projects: readonly SourceProject[], options: RunOptions): Promise<Run> {
  const parent = realpathSync(mkdtempSync(path.join(tmpdir(), 'visual-edit-fidelity-')))
  const dispose = () => rmSync(parent, { recursive: true, force: true })
  try {
    const workspaces: Workspace[] = []
    const results: TaskResult[] = []
    for (const project of projects) {
      const workspace = await createWorkspace(project, parent)
      workspaces.push(workspace)
      for (const task of project.tasks) results.push(await runTask(workspace, task, options))
    }
    return { results, workspaces, dispose }
  } catch (error) {
    dispose()
    throw error
  }
}
