import { printBanner } from './banner.ts'
import { commaList } from './config.ts'
import { BackendError, startBackend } from './index.ts'

/**
 * `npm run backend --workspace @visual-edit/marketplace [-- --port 54321 --host 127.0.0.1]`: the local
 * backend on its own port, for an app served elsewhere (VITE_SUPABASE_URL=http://127.0.0.1:54321; set
 * MARKETPLACE_SITE_URL to the app's origin so mailed links come back to it). It answers loopback
 * Host names, IP addresses, --host's name and MARKETPLACE_ALLOWED_HOSTS (comma-separated).
 */
async function main(argv: string[]): Promise<void> {
  const option = (name: string) => {
    const at = argv.indexOf(`--${name}`)
    return at === -1 ? undefined : argv[at + 1]
  }
  const port = Number(option('port') ?? process.env.MARKETPLACE_BACKEND_PORT ?? 54321)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new BackendError(
      'CONFIG_INVALID',
      `--port must be a port number (0-65535), not "${option('port')}".`,
    )
  }
  const started = performance.now()
  const backend = await startBackend({
    port,
    host: option('host') ?? '127.0.0.1',
    allowedHosts: commaList(process.env.MARKETPLACE_ALLOWED_HOSTS),
  })
  printBanner(backend.config, backend.url, (line) => console.log(line))
  console.log(`  Ready in ${Math.round(performance.now() - started)} ms. Ctrl+C stops it.\n`)
  const stop = () => {
    backend.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof BackendError) {
    console.error(`\n  ${error.message}\n`)
  } else {
    console.error(error)
  }
  process.exit(1)
})
