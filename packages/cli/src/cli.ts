import { createRequire } from 'node:module'
import { Command, InvalidArgumentError } from 'commander'

const { version } = createRequire(import.meta.url)('../package.json') as { version: string }

function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new InvalidArgumentError('expected a whole number from 0 to 65535 (0 picks a free port)')
  }
  return port
}

const example = (...lines: string[]) => `\nExample:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`

export function createProgram(): Command {
  const program = new Command('visual-edit')
    .description('Edit a Vite + React app visually; every edit is written back into its source.')
    .version(version)
    .addHelpText('after', example('visual-edit edit ./my-app --open'))

  program
    .command('edit')
    .description('start the dev server of a project with visual-edit and the editor page enabled')
    .argument('[dir]', 'project folder (where its package.json and vite.config are)', '.')
    .option(
      '-p, --port <port>',
      'port for the dev server; a busy one moves to the next free one; 0 picks any free port',
      parsePort,
      5173,
    )
    .option(
      '--host <host>',
      'interface to listen on; one that is not loopback needs --allow-remote',
      '127.0.0.1',
    )
    .option(
      '--allow-remote',
      'allow a --host other machines can reach: anyone there with the token can write the project',
      false,
    )
    .option(
      '--token <token>',
      'session token, 16 characters or more (default: VISUAL_EDIT_TOKEN, else random)',
    )
    .option('--open', 'open the editor in the browser once the server is up', false)
    .addHelpText('after', example('visual-edit edit ./my-app --port 3000 --open'))
    .action(
      async (
        dir: string,
        options: { port: number; host: string; allowRemote: boolean; token?: string; open: boolean },
      ) => {
        const { runEditCommand } = await import('./commands/edit.ts')
        await runEditCommand(dir, options)
      },
    )

  program
    .command('apply')
    .description("apply changes to a project's source without a dev server, with the editor's mutations")
    .argument('<change>', 'JSON file: { "operation": "editText", "body": { ... } } or an array of them')
    .argument('[dir]', 'project folder', '.')
    .option('--json', 'print the result as one JSON object, failures included', false)
    .option('--dry-run', 'print the diff of what would change and write nothing', false)
    .addHelpText(
      'after',
      `${example('visual-edit apply heading.json ./my-app --dry-run')}
with heading.json (an element by file and line, or by codebaseId):
  { "operation": "editText",
    "body": { "element": { "file": "src/App.tsx", "line": 12 }, "oldText": "Welcome", "newText": "Hello" } }
`,
    )
    .action(async (change: string, dir: string, options: { json: boolean; dryRun: boolean }) => {
      const { runApplyCommand } = await import('./commands/apply.ts')
      await runApplyCommand(change, dir, options)
    })

  program
    .command('mcp')
    .description(
      'serve the project to a coding agent over MCP (stdio): find, describe and edit elements with checked, undoable operations',
    )
    .argument('[dir]', 'project folder', '.')
    .addHelpText(
      'after',
      `${example('claude mcp add visual-edit -- npx visual-edit mcp ./my-app')}
Stdout carries the protocol; messages for you go to stderr.
`,
    )
    .action(async (dir: string) => {
      const { runMcpCommand } = await import('./mcp/server.ts')
      await runMcpCommand(dir, version)
    })

  return program
}

/** Entry point of the `visual-edit` binary: one top-level catch prints the error once. */
export async function run(argv: string[]): Promise<void> {
  try {
    await createProgram().parseAsync(argv)
  } catch (error) {
    console.error(`visual-edit: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
}
