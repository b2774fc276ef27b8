import { VisualEditError } from 'vite-plugin-visual-edit'
import { changeForRequest, type MutateResponse } from 'vite-plugin-visual-edit/protocol'
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
 * apply_changes with a running editor. With its page open, changes the editor can make itself (all
 * but adding an element) go through its ledger as one undo step: the page shows them at once (their
 * instant update), then their files are written, and a refused one takes back the others. Otherwise,
 * change by change through the dev server's mutate routes, on
 * the open editor's canvas (so the edits sit in its history, marked as the agent's, its page shows
 * them, and it hears of each), each checked there against the files as they are (the preconditions).
 * A refused change undoes the ones before it: all or nothing. The diff is the server's, of what it
 * wrote. A dry run runs headless on the files instead, writing nothing anywhere.
 */
export async function applyLive(
  files: FilesSession,
  live: LiveSession,
  canvasId: string | null,
  changes: readonly ChangeRequest[],
  dryRun: boolean,
): Promise<AppliedChanges & { canvasId: string; shownInEditor?: boolean }> {
  const canvas = canvasId ?? AGENT_CANVAS
  if (dryRun) return { ...(await files.apply(changes, true)), canvasId: canvas }
  // Elements named by file and line are found in the files as they are, as the server indexes them.
  const located = changes.some((change) => JSON.stringify(change.body).includes('"line"'))
  const editor = located ? await files.editor() : null
  const bodies = changes.map((change) => (editor ? resolveLocations(change.body, editor) : change.body))
  const ids = new IdTracker()
  // With an editor page open, changes it can make itself go through it: shown in the page at once.
  const shown =
    canvasId !== null &&
    bodies.every((body, index) =>
      changeForRequest(changes[index]?.operation ?? '', body as Record<string, unknown>),
    )
  if (shown) {
    const { responses } = await live.ask<{ responses: MutateResponse[] }>('apply', {
      changes: changes.map((change, index) => ({ operation: change.operation, body: bodies[index] })),
    })
    for (const response of responses) ids.step(response.prevIdToNewIdMap, response.newCodebaseIds)
    return {
      ok: true,
      dryRun: false,
      files: [...new Set(responses.flatMap((response) => response.files))],
      diff: responses.map((response) => response.diff ?? '').join(''),
      prevIdToNewIdMap: ids.moved,
      newCodebaseIds: ids.created,
      warnings: responses.flatMap((response) => response.warnings ?? []),
      canvasId: canvas,
      shownInEditor: true,
    }
  }
  const written: string[] = []
  const diffs: string[] = []
  const warnings: string[] = []
  let done = 0
  for (const [index, change] of changes.entries()) {
    try {
      const response = await live.mutate(canvas, change.operation, currentIds(bodies[index], ids.current))
      ids.step(response.prevIdToNewIdMap, response.newCodebaseIds)
      for (const file of response.files) if (!written.includes(file)) written.push(file)
      diffs.push(response.diff ?? '')
      warnings.push(...(response.warnings ?? []))
      done++
    } catch (error) {
      const code = visualEditCode(error)
      if (code === undefined) throw error
      for (let step = 0; step < done; step++) await live.undo(canvas)
      throw new VisualEditError(
        code,
        `Change ${index + 1} of ${changes.length} (${change.operation}) was refused (${code}): ${(error as Error).message} Nothing was written${done > 0 ? ` (the ${done} change${done === 1 ? '' : 's'} before it were undone)` : ''}.`,
        { cause: error },
      )
    }
  }
  return {
    ok: true,
    dryRun: false,
    files: written,
    diff: diffs.join(''),
    prevIdToNewIdMap: ids.moved,
    newCodebaseIds: ids.created,
    warnings,
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
