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

export function createProgram(): Command {
  const program = new Command('visual-edit')
    .description('Edit a Vite + React app visually; every edit is written back into its source.')
    .version(version)

  program
    .command('edit')
    .description('start the dev server of a project with visual-edit enabled')
    .argument('[root]', 'project folder (where its vite.config and index.html are)', '.')
    .option('-p, --port <port>', 'port for the dev server; 0 picks a free one', parsePort, 5173)
    .option('--host <host>', 'interface to listen on; keep it loopback unless you know why', '127.0.0.1')
    .option('--open', 'open the browser once the server is up', false)
    .action(async (root: string, options: { port: number; host: string; open: boolean }) => {
      const { edit } = await import('./commands/edit.ts')
      const session = await edit({ root, ...options })
      const whose = session.vite.from === 'project' ? "the project's" : "visual-edit's own"
      console.log(`visual-edit is serving ${session.root} with Vite ${session.vite.version} (${whose})`)
      for (const url of session.urls) console.log(`  ${url}`)
      console.log('Press Ctrl+C to stop.')
      for (const warning of session.warnings) console.warn(warning)
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
