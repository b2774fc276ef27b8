/**
 * Edit fidelity: how much of a file an edit leaves as it was, our mutate API against the reprinting
 * approach other visual editors take, on a fixed task set (tasks/: the marketplace, the fixture
 * projects and a SaaS-shaped app of the benchmark's own, every change type).
 *
 *   npm run bench -- fidelity
 *
 * Each task runs through the mutate operation as the dev server runs it, then the History's undo; and
 * through Babel + @babel/generator + prettier with the inverse edit as its undo. Measured per approach
 * (measure.ts, regions.ts): lines changed outside the edit, formatting kept outside it, comments kept,
 * the file still parsing, still type-checking (typecheck.ts), undo byte-exact, and the time per edit
 * (the fastest of three runs; ours includes the safe write's file IO, the reprint does no IO).
 * Goals, for our mutate API on every task: no line changed outside the edit, undo byte-exact,
 * comments kept, still parsing, no new type error. Missed tasks are printed with why.
 */
import { report } from './report.ts'
import { runTaskSet } from './run-tasks.ts'
import { PROJECTS } from './tasks/index.ts'
import { TypeCheck } from './typecheck.ts'

const RUNS_PER_TASK = 3

export async function benchFidelity(): Promise<boolean> {
  const run = await runTaskSet(PROJECTS, { reprint: true, repeat: RUNS_PER_TASK })
  try {
    const typeCheck = new TypeCheck(run.workspaces)
    try {
      for (const result of run.results) {
        const workspace = run.workspaces.find((candidate) => candidate.project.name === result.project)
        if (!workspace) throw new Error(`No workspace for ${result.project}`)
        for (const approach of [result.ours, result.reprint]) {
          if (approach) approach.newDiagnostics = typeCheck.newDiagnostics(workspace, approach.after)
        }
      }
    } finally {
      typeCheck.close()
    }
    return report(run.results)
  } finally {
    run.dispose()
  }
}
