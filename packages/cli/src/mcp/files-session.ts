import path from 'node:path'
import {
  createHeadlessEditor,
  type FileChange,
  type HeadlessEditor,
  VisualEditError,
  writeFileChanges,
} from 'vite-plugin-visual-edit'
import { type ApplyResult, applyChanges, type ChangeRequest } from '../commands/apply.ts'
import { unifiedDiff } from '../line-diff.ts'
import { checkProjectFolder } from '../project-checks.ts'

/** How many applied groups `undo` can go back (the oldest are forgotten first). */
const MCP_HISTORY_LIMIT = 100

/** One `apply_changes` that wrote files, as `history` lists it. */
export interface HistoryEntry {
  id: number
  /** The operations of the group, in order. */
  operations: string[]
  files: string[]
  undone: boolean
}

export interface AppliedChanges extends ApplyResult {
  /** The unified diff of every file changed (or, in a dry run, that would change). */
  diff: string
  dryRun: boolean
  /** The history entry of the group (not for a dry run or a group that changed nothing). */
  historyId?: number
}

interface Group {
  id: number
  operations: string[]
  files: FileChange[]
  undone: boolean
}

const diffOf = (files: readonly FileChange[]) =>
  files.map((file) => unifiedDiff(file.relativePath, file.before, file.after)).join('')

/**
 * The project's files without a running editor: the mutate operations run headless, as `visual-edit
 * apply` runs them, and each group written is kept (its texts before and after) so this process can
 * undo and redo it byte for byte, as long as the files still hold what it wrote.
 */
export class FilesSession {
  readonly root: string
  readonly #groups: Group[] = []
  #nextId = 1

  constructor(dir: string) {
    this.root = path.resolve(dir)
    checkProjectFolder(this.root)
  }

  /** A headless editor of the files as they are now (the user may have edited them since the last call). */
  editor(): Promise<HeadlessEditor> {
    return createHeadlessEditor(this.root)
  }

  async apply(changes: readonly ChangeRequest[], dryRun: boolean): Promise<AppliedChanges> {
    const { result, files } = await applyChanges(changes, this.root, { dryRun })
    const applied: AppliedChanges = { ...result, diff: diffOf(files), dryRun }
    if (!dryRun && files.length > 0) {
      // A new group ends what could be redone, as in any editor.
      for (let at = this.#groups.length - 1; at >= 0 && this.#groups[at]?.undone; at--) this.#groups.pop()
      const group = {
        id: this.#nextId++,
        operations: changes.map((change) => change.operation),
        files,
        undone: false,
      }
      this.#groups.push(group)
      if (this.#groups.length > MCP_HISTORY_LIMIT) this.#groups.shift()
      applied.historyId = group.id
    }
    return applied
  }

  history(): HistoryEntry[] {
    return this.#groups.map((group) => ({
      id: group.id,
      operations: group.operations,
      files: group.files.map((file) => file.relativePath),
      undone: group.undone,
    }))
  }

  /** Puts back the files of the last group not undone; FILE_CHANGED (nothing written) when one changed since. */
  async undo(): Promise<{ historyId: number; files: string[]; diff: string }> {
    const group = this.#groups.findLast((candidate) => !candidate.undone)
    if (!group)
      throw new VisualEditError(
        'VISUAL_EDIT_NOTHING_TO_UNDO',
        'Nothing to undo: no change made through this server is left.',
      )
    const back = group.files.map((file) => ({
      relativePath: file.relativePath,
      before: file.after,
      after: file.before,
    }))
    await writeFileChanges(this.root, back)
    group.undone = true
    return { historyId: group.id, files: back.map((file) => file.relativePath), diff: diffOf(back) }
  }

  /** Writes again the first group undone; FILE_CHANGED (nothing written) when one of its files changed since. */
  async redo(): Promise<{ historyId: number; files: string[]; diff: string }> {
    const group = this.#groups.find((candidate) => candidate.undone)
    if (!group)
      throw new VisualEditError('VISUAL_EDIT_NOTHING_TO_REDO', 'Nothing to redo: no undone change is left.')
    await writeFileChanges(this.root, group.files)
    group.undone = false
    return {
      historyId: group.id,
      files: group.files.map((file) => file.relativePath),
      diff: diffOf(group.files),
    }
  }
}
