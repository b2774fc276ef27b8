import { VisualEditError } from 'vite-plugin-visual-edit'
import {
  type ChangeRequest,
  currentIds,
  IdTracker,
  resolveLocations,
  visualEditCode,
} from '../commands/apply.ts'
import type { AppliedChanges, FilesSession } from './files-session.ts'
import { AGENT_CANVAS, type LiveSession } from './live-session.ts'

/** What the open editor page answers an undo or redo it made for the agent. */
export interface EditorStep {
  /** The toolbar's words for it: 'Undid Edit text', or why nothing was undone. */
  message: string
}

/**
 * apply_changes with a running editor: the whole group first runs headless on the files (its
 * preconditions checked, its diff made; a refusal writes nothing anywhere), then change by change
 * through the dev server's mutate routes, on the open editor's canvas (so the edits sit in its history,
 * marked as the agent's, and its page shows them), and the editor is told. A change the server
 * refuses after all (the user edited in between) undoes the ones before it: all or nothing.
 */
export async function applyLive(
  files: FilesSession,
  live: LiveSession,
  canvasId: string | null,
  changes: readonly ChangeRequest[],
  dryRun: boolean,
): Promise<AppliedChanges & { canvasId: string }> {
  const canvas = canvasId ?? AGENT_CANVAS
  const planned = await files.apply(changes, true)
  if (dryRun) return { ...planned, canvasId: canvas }
  const editor = await files.editor()
  const bodies = changes.map((change) => resolveLocations(change.body, editor))
  const ids = new IdTracker()
  const written: string[] = []
  let done = 0
  for (const [index, change] of changes.entries()) {
    try {
      const response = await live.mutate(canvas, change.operation, currentIds(bodies[index], ids.current))
      ids.step(response.prevIdToNewIdMap, response.newCodebaseIds)
      for (const file of response.files ?? []) if (!written.includes(file)) written.push(file)
      done++
    } catch (error) {
      const code = visualEditCode(error)
      if (code === undefined) throw error
      for (let step = 0; step < done; step++) await live.undo(canvas)
      throw new VisualEditError(
        code,
        `Change ${index + 1} of ${changes.length} (${change.operation}) was refused by the running editor's server (${code}): ${(error as Error).message} Nothing was written${done > 0 ? ` (the ${done} change${done === 1 ? '' : 's'} before it were undone)` : ''}.`,
        { cause: error },
      )
    }
  }
  if (canvasId !== null && done > 0) {
    await live.ask('agent_applied', { entries: done, files: written }).catch((error: unknown) => {
      // The page closed in between: the edits are written and in the history all the same.
      if (visualEditCode(error) === undefined) throw error
    })
  }
  return {
    ...planned,
    dryRun: false,
    files: written,
    prevIdToNewIdMap: ids.moved,
    newCodebaseIds: ids.created,
    canvasId: canvas,
  }
}

/** undo or redo with a running editor: the open page's own (its toolbar's), else the agent canvas's. */
export async function stepLive(
  live: LiveSession,
  canvasId: string | null,
  direction: 'undo' | 'redo',
): Promise<{ message: string; files: string[] }> {
  if (canvasId !== null) {
    const step = await live.ask<EditorStep & { files?: string[] }>(direction)
    return { message: step.message, files: step.files ?? [] }
  }
  const response = direction === 'undo' ? await live.undo(AGENT_CANVAS) : await live.redo(AGENT_CANVAS)
  return { message: direction === 'undo' ? 'Undone.' : 'Redone.', files: response.files ?? [] }
}

/** The history of the open editor's canvas (the agent canvas's without one), marked by author. */
export async function historyLive(live: LiveSession, canvasId: string | null) {
  const history = await live.history(canvasId ?? AGENT_CANVAS)
  return {
    applied: history.applied,
    entries: history.entries.map((entry, index) => ({
      id: entry.id,
      type: entry.type,
      by: entry.author === 'agent' ? 'agent' : 'user',
      at: new Date(entry.at).toISOString(),
      files: entry.files.map((file) => file.path),
      undone: index >= history.applied,
    })),
  }
}
