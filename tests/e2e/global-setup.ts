import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build, preview } from 'vite'
import { loadBackendConfig } from '../../examples/marketplace/server/config.ts'
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
  // Vite's build and preview set NODE_ENV=production in this process when it is unset, and the test
  // workers inherit this process's environment: dev servers started by the specs would then run
  // React's production build without Fast Refresh (an edit reloading the page), which no user's
  // `edit` does. It is put back once both have started.
  const nodeEnv = process.env.NODE_ENV
  // The preview's backend keeps its data in a fresh folder for this run; the copies of the marketplace
  // that specs start open theirs (in the copy) only when asked (MARKETPLACE_BACKEND=lazy).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-e2e-data-'))
  // The marketplace copies the specs start keep their backend's data in the user's state folder
  // (XDG_STATE_HOME, else ~/.local/state): one of this run's own, removed with it.
  const stateHome = mkdtempSync(path.join(tmpdir(), 'visual-edit-e2e-state-'))
  process.env.XDG_STATE_HOME = stateHome
  process.env.MARKETPLACE_DATA_DIR = dataDir
  await build({ root: MARKETPLACE, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  const server = await preview({
    root: MARKETPLACE,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  // The spec's static-demo mode (listings in the browser's localStorage, VITE_LISTINGS_STORE=browser),
  // for the specs that stage listings in storage: its own build and server, and its own backend data
  // (opened only if a spec signs in), so the two never share a database.
  const browserDataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-e2e-browser-data-'))
  process.env.MARKETPLACE_DATA_DIR = browserDataDir
  process.env.MARKETPLACE_BACKEND = 'lazy'
  const browserOutDir = path.join(MARKETPLACE, 'dist', 'browser-store')
  await build({
    root: MARKETPLACE,
    logLevel: 'warn',
    define: { 'import.meta.env.VITE_LISTINGS_STORE': JSON.stringify('browser') },
    build: { outDir: browserOutDir, emptyOutDir: true },
  })
  const browserServer = await preview({
    root: MARKETPLACE,
    logLevel: 'warn',
    build: { outDir: browserOutDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  if (nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = nodeEnv
  delete process.env.MARKETPLACE_DATA_DIR
  process.env.MARKETPLACE_BACKEND = 'lazy'
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error('The marketplace preview server did not report its address')
  process.env.MARKETPLACE_URL = url
  const browserUrl = browserServer.resolvedUrls?.local[0]
  if (!browserUrl) throw new Error('The browser-store preview server did not report its address')
  process.env.MARKETPLACE_BROWSER_STORE_URL = browserUrl
  // The demo accounts and the admin sign-up code of the preview's backend, for the auth specs.
  const config = await loadBackendConfig(dataDir)
  const [admin, customer] = config.demoAccounts
  process.env.MARKETPLACE_DEMO_ADMIN_EMAIL = admin?.email
  process.env.MARKETPLACE_DEMO_ADMIN_PASSWORD = admin?.password
  process.env.MARKETPLACE_DEMO_CUSTOMER_EMAIL = customer?.email
  process.env.MARKETPLACE_DEMO_CUSTOMER_PASSWORD = customer?.password
  process.env.MARKETPLACE_ADMIN_SIGNUP_CODE = config.adminSignupCode
  return async () => {
    await server.close()
    await browserServer.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(browserDataDir, { recursive: true, force: true })
    rmSync(stateHome, { recursive: true, force: true })
  }
}
