import { applyLive, historyLive, stepLive } from '../live-changes.ts'
import { type McpTool, modeOf, type ToolContext } from './tool.ts'

export const applyChanges: McpTool<'apply_changes'> = {
  name: 'apply_changes',
  description: [
    "Edits the project's source with visual-edit's checked operations (the editor's own): editText, styling, addClass, removeClass, updateClasses, changePropValue, changeElementTag, addJsxElement, moveJsxElement, removeJsxElement, duplicate, wrapInDiv.",
    'Name elements by codebaseId (find_elements, get_selection) or by { "file", "line", "tag"? }.',
    "The changes run in order, each on the result of the ones before; all land or none does. Preconditions (editText's oldText, the classes a change expects) are checked against the file: a refusal returns the code and message, and nothing is written.",
    'Returns the unified diff, the files changed, and the ids the edit changed (prevIdToNewIdMap) or created. dry_run: the same, nothing written.',
  ].join(' '),
  async run(input, { workspace }: ToolContext) {
    const changes = input.changes
    const dryRun = input.dry_run === true
    const connection = await workspace.connection()
    const applied =
      connection.mode === 'editor'
        ? await applyLive(workspace.files, connection.live, connection.canvasId, changes, dryRun)
        : await workspace.files.apply(changes, dryRun)
    return { ...modeOf(connection), ...applied }
  },
}

export const undo: McpTool<'undo'> = {
  name: 'undo',
  description:
    "Undoes the last change, byte for byte: with a running editor, the last of its history (the user's edits and yours are one history), else the last apply_changes of this server. Refused (FILE_CHANGED, nothing written) when one of its files changed since.",
  run: (_input, context) => step(context, 'undo'),
}

export const redo: McpTool<'redo'> = {
  name: 'redo',
  description:
    'Applies again the change undo last put back. Refused (FILE_CHANGED) when one of its files changed since.',
  run: (_input, context) => step(context, 'redo'),
}

export const history: McpTool<'history'> = {
  name: 'history',
  description:
    "The edit history, oldest first: with a running editor, its canvas's (each entry's type, files, whether it is undone, and by: 'agent' or 'user'), else the changes made through this server.",
  async run(_input, { workspace }: ToolContext) {
    const connection = await workspace.connection()
    if (connection.mode === 'editor')
      return { ...modeOf(connection), ...(await historyLive(connection.live, connection.canvasId)) }
    return { ...modeOf(connection), entries: workspace.files.history() }
  },
}

/** undo or redo: the running editor's (the user's history and the agent's are one), else this server's own. */
async function step({ workspace }: ToolContext, direction: 'undo' | 'redo') {
  const connection = await workspace.connection()
  const done =
    connection.mode === 'editor'
      ? await stepLive(connection.live, connection.canvasId, direction)
      : direction === 'undo'
        ? await workspace.files.undo()
        : await workspace.files.redo()
  return { ...modeOf(connection), [direction === 'undo' ? 'undone' : 'redone']: done }
}
