import { VisualEditError } from 'vite-plugin-visual-edit'
import type { JsonSchema } from '../tool-schemas.ts'
import type { Connection, Workspace } from '../workspace.ts'

/** Where the tools work: the project's files, and its running editor when there is one. */
export interface ToolContext {
  workspace: Workspace
}

/** One MCP tool: its name, what an agent reads of it, its input's JSON Schema, and what it does. */
export interface McpTool {
  name: string
  description: string
  inputSchema: JsonSchema
  run(input: Record<string, unknown>, context: ToolContext): Promise<unknown>
}

/** What every answer says about where it worked: `files` alone, or the running `editor`. */
export const modeOf = (connection: Connection) => ({ mode: connection.mode, note: connection.note })

/** The input schema of a tool that takes nothing. */
export const NO_INPUT = { type: 'object', properties: {}, additionalProperties: false } as const

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
