import { VisualEditError } from 'vite-plugin-visual-edit'
import type { FilesSession } from '../files-session.ts'
import type { JsonSchema } from '../tool-schemas.ts'

/** Where the tools work: the files alone (no running editor of the project was found). */
export interface ToolContext {
  files: FilesSession
}

/** One MCP tool: its name, what an agent reads of it, its input's JSON Schema, and what it does. */
export interface McpTool {
  name: string
  description: string
  inputSchema: JsonSchema
  run(input: Record<string, unknown>, context: ToolContext): Promise<unknown>
}

/** What every answer of the files mode says about where it worked. */
export const FILES_MODE = {
  mode: 'files',
  note: 'No `visual-edit edit` session of this project is running: this works on the files alone (no selection, no live page). Start `visual-edit edit` to edit with the running app.',
} as const

export const invalidInput = (message: string) =>
  new VisualEditError('VISUAL_EDIT_INVALID_TOOL_INPUT', message)

export function optionalString(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || value.trim() === '')
    throw invalidInput(`"${key}" must be a non-empty string.`)
  return value
}

export function optionalInteger(
  input: Record<string, unknown>,
  key: string,
  range: { min: number; max: number },
): number | undefined {
  const value = input[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max)
    throw invalidInput(`"${key}" must be a whole number from ${range.min} to ${range.max}.`)
  return value
}
