import type { ChangeRequest } from '../../commands/apply.ts'
import { applyLive, historyLive, stepLive } from '../live-changes.ts'
import { changeSchema, OPERATIONS } from '../tool-schemas.ts'
import { invalidInput, type McpTool, modeOf, NO_INPUT, type ToolContext } from './tool.ts'

const MAX_CHANGES = 50

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function changesOf(input: Record<string, unknown>): ChangeRequest[] {
  const changes = input.changes
  if (!Array.isArray(changes) || changes.length === 0 || changes.length > MAX_CHANGES)
    throw invalidInput(`"changes" must be an array of 1 to ${MAX_CHANGES} { "operation", "body" } objects.`)
  return changes.map((change, index) => {
    if (!isObject(change) || typeof change.operation !== 'string' || !isObject(change.body))
      throw invalidInput(`Change ${index + 1} needs an "operation" name and a "body" object.`)
    if (!OPERATIONS.includes(change.operation))
      throw invalidInput(
        `Change ${index + 1}: '${change.operation}' is not an operation. Use one of ${OPERATIONS.join(', ')}.`,
      )
    return { operation: change.operation, body: change.body }
  })
}

export const applyChanges: McpTool = {
  name: 'apply_changes',
  description: [
    "Edits the project's source with visual-edit's checked operations (the editor's own): editText, styling, addClass, removeClass, updateClasses, changePropValue, changeElementTag, addJsxElement, moveJsxElement, removeJsxElement, duplicate, wrapInDiv.",
    'Name elements by codebaseId (find_elements, get_selection) or by { "file", "line", "tag"? }.',
    "The changes run in order, each on the result of the ones before; all land or none does. Preconditions (editText's oldText, the classes a change expects) are checked against the file: a refusal returns the code and message, and nothing is written.",
    'Returns the unified diff, the files changed, and the ids the edit changed (prevIdToNewIdMap) or created. dry_run: the same, nothing written.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      changes: { type: 'array', minItems: 1, maxItems: MAX_CHANGES, items: changeSchema() },
      dry_run: { type: 'boolean', description: 'Report the diff and write nothing.' },
    },
    required: ['changes'],
    additionalProperties: false,
  },
  async run(input, { workspace }: ToolContext) {
    const changes = changesOf(input)
    if (input.dry_run !== undefined && typeof input.dry_run !== 'boolean')
      throw invalidInput('"dry_run" must be true or false.')
    const dryRun = input.dry_run === true
    const connection = await workspace.connection()
    const applied =
      connection.mode === 'editor'
        ? await applyLive(workspace.files, connection.live, connection.canvasId, changes, dryRun)
        : await workspace.files.apply(changes, dryRun)
    return { ...modeOf(connection), ...applied }
  },
}

export const undo: McpTool = {
  name: 'undo',
  description:
    "Undoes the last change, byte for byte: with a running editor, the last of its history (the user's edits and yours are one history), else the last apply_changes of this server. Refused (FILE_CHANGED, nothing written) when one of its files changed since.",
  inputSchema: NO_INPUT,
  run: (_input, context) => step(context, 'undo'),
}

export const redo: McpTool = {
  name: 'redo',
  description:
    'Applies again the change undo last put back. Refused (FILE_CHANGED) when one of its files changed since.',
  inputSchema: NO_INPUT,
  run: (_input, context) => step(context, 'redo'),
}

export const history: McpTool = {
  name: 'history',
  description:
    "The edit history, oldest first: with a running editor, its canvas's (each entry's type, files, whether it is undone, and by: 'agent' or 'user'), else the changes made through this server.",
  inputSchema: NO_INPUT,
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
