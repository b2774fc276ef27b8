import { existsSync } from 'node:fs'
import path from 'node:path'
import { build, preview } from 'vite'
import { CHROMIUM_PATH } from '../../playwright.config.ts'

const MARKETPLACE = path.resolve(import.meta.dirname, '../../examples/marketplace')

/**
 * Builds the marketplace and serves the build on a free loopback port for the browser tests
 * (MARKETPLACE_URL); stops the server when the run ends.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}. Install Debian's chromium package or set CHROMIUM_PATH (DEVELOPERS.md).`,
    )
  }
  const outDir = path.join(MARKETPLACE, 'dist')
  await build({ root: MARKETPLACE, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  const server = await preview({
    root: MARKETPLACE,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('The marketplace preview server did not report its address')
  process.env.MARKETPLACE_URL = url
  return async () => {
    await server.close()
  }
}
