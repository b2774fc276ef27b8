import path from 'node:path'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import * as v from 'valibot'
import { VisualEditError } from 'vite-plugin-visual-edit'
import { AGENT_TOOL_INPUTS, bodyIssueMessage } from 'vite-plugin-visual-edit/protocol'
import { visualEditCode } from '../commands/apply.ts'
import { inputSchemaOf } from './tool-schemas.ts'
import { TOOLS, type ToolContext } from './tools/index.ts'
import { Workspace } from './workspace.ts'

const INSTRUCTIONS = [
  "visual-edit edits this React project's source with checked, undoable operations.",
  'Find an element (find_elements, or get_selection for what the user selected in the visual editor), read it (describe_element), then change it with apply_changes: exact edits with preconditions, all or nothing, a diff back.',
  "Use design_tokens to write the project's own Tailwind classes. undo and redo go back and forth over what you applied.",
].join(' ')

/** A tool's answer as MCP text content (JSON an agent reads). */
const answer = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
  ...(isError ? { isError: true } : {}),
})

/**
 * A refusal the agent can act on: visual-edit's stable code and message (the mutate server's included).
 * Anything else is a bug of ours and is thrown, so the SDK reports it as an internal error.
 */
function refusal(error: unknown): CallToolResult {
  const code = visualEditCode(error)
  if (code === undefined) throw error
  return answer({ error: { code, message: (error as Error).message } }, true)
}

/** The MCP server of the project at `dir`, not yet connected to a transport. */
export function createMcpServer(dir: string, version: string): Server {
  const context: ToolContext = { workspace: new Workspace(dir) }
  const server = new Server(
    { name: 'visual-edit', version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map(({ name, description }) => ({ name, description, inputSchema: inputSchemaOf(name) })),
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name)
    if (!tool) {
      return refusal(
        new VisualEditError(
          'VISUAL_EDIT_INVALID_TOOL_INPUT',
          `There is no tool '${request.params.name}'. The tools are ${TOOLS.map((known) => known.name).join(', ')}.`,
        ),
      )
    }
    const schema = AGENT_TOOL_INPUTS[tool.name]
    const input = v.safeParse(schema, request.params.arguments ?? {}, { abortEarly: true })
    if (!input.success) {
      return refusal(
        new VisualEditError(
          'VISUAL_EDIT_INVALID_TOOL_INPUT',
          bodyIssueMessage(tool.name, schema, input.issues[0]),
        ),
      )
    }
    try {
      // Each tool is run with the input its own schema parsed.
      return answer(
        await (tool.run as (input: unknown, context: ToolContext) => Promise<unknown>)(input.output, context),
      )
    } catch (error) {
      return refusal(error)
    }
  })
  // The agent went away: so does its presence in the editor.
  server.onclose = () => context.workspace.close()
  return server
}

/**
 * `visual-edit mcp [dir]`: the MCP server over stdio. Stdout carries the protocol only: what it has to
 * say to the user goes to stderr.
 */
export async function runMcpCommand(dir: string, version: string): Promise<void> {
  const server = createMcpServer(dir, version)
  await server.connect(new StdioServerTransport())
  console.error(
    `visual-edit MCP server for ${path.resolve(dir)} is ready on stdio: with a running \`visual-edit edit\` of the project it works through its editor, else on the files.`,
  )
}
