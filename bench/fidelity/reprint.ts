/**
 * A task through the reprinting approach other visual editors take: parse the file with Babel, make
 * the change on the tree (reprint/jsx-edits.ts; a stylesheet's with postcss, reprint/css-edit.ts), print
 * the whole file with @babel/generator and prettier (reprint/print.ts). Its undo is the inverse edit on
 * the tree of the printed file, printed again; that it gives back the original bytes is measured, not
 * expected.
 */
import path from 'node:path'
import type { types as t } from '@babel/core'
import { parseModule } from '../../packages/vite-plugin-visual-edit/src/transform/parse-module.ts'
import { changedLineCount } from './measure.ts'
import type { OurEdit } from './ours.ts'
import { reprintStylesheet } from './reprint/css-edit.ts'
import { applyJsxEdit } from './reprint/jsx-edits.ts'
import { printModule } from './reprint/print.ts'
import type { Targets } from './targets.ts'
import type { EditTask } from './task.ts'
import type { Workspace } from './workspace.ts'

export interface ReprintEdit {
  /** The printed text of every file the edit wrote, by absolute path. */
  after: Map<string, string>
  /** Parse, edit, generate and format, in milliseconds (no file IO). */
  ms: number
  /** Undefined when the undo printed the original bytes back; else how far off it is. */
  undoProblem?: string
}

function originalOf(workspace: Workspace, file: string): string {
  const bytes = workspace.originals.get(file)
  if (!bytes) throw new Error(`${file} is not a file of the project`)
  return bytes.toString('utf8')
}

function undoProblem(workspace: Workspace, undone: Map<string, string>): string | undefined {
  const off = [...undone]
    .map(([file, text]) => ({ file, lines: changedLineCount(originalOf(workspace, file), text) }))
    .filter(({ lines }) => lines > 0)
  if (off.length === 0) return undefined
  return `undo reprinted ${off.map(({ file, lines }) => `${path.relative(workspace.root, file)} with ${lines} lines changed`).join(', ')}`
}

export async function runReprint(
  workspace: Workspace,
  task: EditTask,
  targets: Targets,
  ours: OurEdit,
): Promise<ReprintEdit> {
  const style = workspace.project.style
  if (task.kind === 'style-css') {
    const rule = targets.rule
    if (!rule) throw new Error('A CSS edit without its rule')
    const original = originalOf(workspace, rule.file)
    const start = performance.now()
    const edit = await reprintStylesheet({
      original,
      file: rule.file,
      selector: rule.selector,
      styling: task.styling,
      modifiers: task.modifiers ?? [],
      style,
    })
    const ms = performance.now() - start
    const problem = undoProblem(workspace, new Map([[rule.file, await edit.undo(edit.text)]]))
    return { after: new Map([[rule.file, edit.text]]), ms, ...(problem ? { undoProblem: problem } : {}) }
  }

  const files = [...new Set([targets.file, ...(targets.into ? [targets.into.file] : [])])]
  const start = performance.now()
  const trees = new Map<string, t.File>(
    files.map((file) => [file, parseModule(originalOf(workspace, file), file)]),
  )
  const inverse = applyJsxEdit(trees, { task, targets, ours })
  const after = new Map<string, string>()
  for (const [file, tree] of trees) {
    const original = originalOf(workspace, file)
    after.set(file, await printModule(tree, original, file, original, style))
  }
  const ms = performance.now() - start

  const printedTrees = new Map<string, t.File>(
    [...after].map(([file, text]) => [file, parseModule(text, file)]),
  )
  inverse(printedTrees)
  const undone = new Map<string, string>()
  for (const [file, tree] of printedTrees)
    undone.set(file, await printModule(tree, after.get(file) ?? '', file, originalOf(workspace, file), style))
  const problem = undoProblem(workspace, undone)
  return { after, ms, ...(problem ? { undoProblem: problem } : {}) }
}
