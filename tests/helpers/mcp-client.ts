import path from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const REPO = path.resolve(import.meta.dirname, '../..')
const CLI = path.join(REPO, 'packages/cli/bin/visual-edit.js')

/** A tool's answer: its JSON, and whether it is a refusal (`isError`). */
export interface ToolAnswer {
  isError: boolean
  // biome-ignore lint/suspicious/noExplicitAny: a tool's JSON, read by each test as it expects.
  value: any
}

/**
 * `visual-edit mcp <dir>`, the built binary, driven by the MCP SDK's own client over stdio, as an
 * agent runs it: `call` answers a tool's JSON. Close the client when done (it ends the process).
 */
export async function connectMcp(
  dir: string,
): Promise<{ client: Client; call: (name: string, args?: Record<string, unknown>) => Promise<ToolAnswer> }> {
  const client = new Client({ name: 'visual-edit-tests', version: '0.0.0' })
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', dir],
      cwd: REPO,
      stderr: 'pipe',
    }),
  )
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> => {
    const result = await client.callTool({ name, arguments: args })
    const [content] = result.content as { type: string; text: string }[]
    return { isError: result.isError === true, value: JSON.parse(content?.text ?? 'null') }
  }
  return { client, call }
}
