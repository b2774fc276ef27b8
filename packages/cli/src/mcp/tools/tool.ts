import { VisualEditError } from 'vite-plugin-visual-edit'
import type { AgentToolInput, AgentToolName } from 'vite-plugin-visual-edit/protocol'
import type { Connection, Workspace } from '../workspace.ts'

/** Where the tools work: the project's files, and its running editor when there is one. */
export interface ToolContext {
  workspace: Workspace
}

/**
 * One MCP tool: its name (its input's schema is the protocol's, AGENT_TOOL_INPUTS), what an agent
 * reads of it, and what it does with its input once parsed.
 */
export interface McpTool<Name extends AgentToolName = AgentToolName> {
  name: Name
  description: string
  run(input: AgentToolInput<Name>, context: ToolContext): Promise<unknown>
}

/** A tool of any name, as the server lists and runs them. */
export type AnyMcpTool = { [Name in AgentToolName]: McpTool<Name> }[AgentToolName]

/** What every answer says about where it worked: `files` alone, or the running `editor`. */
export const modeOf = (connection: Connection) => ({ mode: connection.mode, note: connection.note })

export const invalidInput = (message: string) =>
  new VisualEditError('VISUAL_EDIT_INVALID_TOOL_INPUT', message)
