import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build, preview } from 'vite'

const MARKETPLACE = path.resolve(import.meta.dirname, '../examples/marketplace')

/** The marketplace's production build, served with its backend on a loopback port. */
export interface ServedMarketplace {
  url: string
  /** Stops the server and removes the build (not the data directory: it is the caller's). */
  close(): Promise<void>
}

/**
 * Builds the marketplace (with `define`d build-time settings) and serves the build with its backend on
 * `dataDir`, as `vite preview` does for a user.
 */
export async function serveMarketplaceBuild(
  dataDir: string,
  define: Record<string, string> = {},
): Promise<ServedMarketplace> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'marketplace-bench-build-'))
  const before = { dataDir: process.env.MARKETPLACE_DATA_DIR, nodeEnv: process.env.NODE_ENV }
  process.env.MARKETPLACE_DATA_DIR = dataDir
  try {
    await build({ root: MARKETPLACE, logLevel: 'silent', define, build: { outDir, emptyOutDir: true } })
    const server = await preview({
      root: MARKETPLACE,
      logLevel: 'silent',
      build: { outDir },
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    })
    const url = server.resolvedUrls?.local[0]
    if (!url) {
      await server.close()
      throw new Error('The marketplace preview server did not report its address')
    }
    return {
      url,
      async close() {
        await server.close()
        rmSync(outDir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true })
    throw error
  } finally {
    // Vite's build sets NODE_ENV=production in this process when it was unset; the data directory is
    // read when the server starts.
    for (const [name, value] of [
      ['MARKETPLACE_DATA_DIR', before.dataDir],
      ['NODE_ENV', before.nodeEnv],
    ] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}
