import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build, preview } from 'vite'
import { loadBackendConfig } from '../../examples/marketplace/server/config.ts'
import { CHROMIUM_PATH } from '../../playwright.config.ts'

const MARKETPLACE = path.resolve(import.meta.dirname, '../../examples/marketplace')

/** One build of the marketplace served by `vite preview` with its backend on its own data folder. */
async function serveSite(
  name: string,
  options: { outDir: string; define?: Record<string, string>; lazyBackend: boolean },
): Promise<{ url: string; dataDir: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `marketplace-e2e-${name}-data-`))
  process.env.MARKETPLACE_DATA_DIR = dataDir
  process.env.MARKETPLACE_BACKEND = options.lazyBackend ? 'lazy' : ''
  await build({
    root: MARKETPLACE,
    logLevel: 'warn',
    define: options.define ?? {},
    build: { outDir: options.outDir, emptyOutDir: true },
  })
  const server = await preview({
    root: MARKETPLACE,
    logLevel: 'warn',
    build: { outDir: options.outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  const url = server.resolvedUrls?.local[0]
  if (!url) throw new Error(`The ${name} marketplace preview server did not report its address`)
  return {
    url,
    dataDir,
    close: async () => {
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Builds the marketplace and serves it on free loopback ports for the browser tests, each site with a
 * backend of its own, and stops them when the run ends:
 * - MARKETPLACE_URL: the site most specs share (listings in its database);
 * - MARKETPLACE_BROWSER_STORE_URL: the spec's static-demo build (listings in the browser's
 *   localStorage, VITE_LISTINGS_STORE=browser), for the specs that stage listings in storage;
 * - MARKETPLACE_MODERATION_URL: a site whose public listings an admin changes (approves, rejects), so
 *   the specs that count public listings on the shared site never see them move.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}. Install Debian's chromium package or set CHROMIUM_PATH (DEVELOPERS.md).`,
    )
  }
  // Vite's build and preview set NODE_ENV=production in this process when it is unset, and the test
  // workers inherit this process's environment: dev servers started by the specs would then run
  // React's production build without Fast Refresh (an edit reloading the page), which no user's
  // `edit` does. It is put back once the sites have started.
  const nodeEnv = process.env.NODE_ENV
  // The marketplace copies the specs start keep their backend's data in the user's state folder
  // (XDG_STATE_HOME, else ~/.local/state): one of this run's own, removed with it.
  const stateHome = mkdtempSync(path.join(tmpdir(), 'visual-edit-e2e-state-'))
  process.env.XDG_STATE_HOME = stateHome
  // This run's own builds: two runs at once (on one machine) never serve each other's half-written files.
  const dist = path.join(MARKETPLACE, 'dist', `e2e-${process.pid}`)
  const shared = await serveSite('shared', { outDir: path.join(dist, 'shared'), lazyBackend: false })
  const browserStore = await serveSite('browser-store', {
    outDir: path.join(dist, 'browser-store'),
    define: { 'import.meta.env.VITE_LISTINGS_STORE': JSON.stringify('browser') },
    // Opened only if a spec signs in.
    lazyBackend: true,
  })
  const moderation = await serveSite('moderation', {
    outDir: path.join(dist, 'moderation'),
    lazyBackend: false,
  })
  if (nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = nodeEnv
  delete process.env.MARKETPLACE_DATA_DIR
  // The copies of the marketplace that specs start open their backend (in the copy) on first use.
  process.env.MARKETPLACE_BACKEND = 'lazy'
  process.env.MARKETPLACE_URL = shared.url
  process.env.MARKETPLACE_BROWSER_STORE_URL = browserStore.url
  process.env.MARKETPLACE_MODERATION_URL = moderation.url
  // The demo accounts and the admin sign-up code of the shared site's backend, for the auth specs;
  // the moderation site's admin and anon key, for its spec.
  const config = await loadBackendConfig(shared.dataDir)
  const [admin, customer] = config.demoAccounts
  process.env.MARKETPLACE_DEMO_ADMIN_EMAIL = admin?.email
  process.env.MARKETPLACE_DEMO_ADMIN_PASSWORD = admin?.password
  process.env.MARKETPLACE_DEMO_CUSTOMER_EMAIL = customer?.email
  process.env.MARKETPLACE_DEMO_CUSTOMER_PASSWORD = customer?.password
  process.env.MARKETPLACE_ADMIN_SIGNUP_CODE = config.adminSignupCode
  const moderationConfig = await loadBackendConfig(moderation.dataDir)
  process.env.MARKETPLACE_MODERATION_ADMIN_EMAIL = moderationConfig.demoAccounts[0]?.email
  process.env.MARKETPLACE_MODERATION_ADMIN_PASSWORD = moderationConfig.demoAccounts[0]?.password
  process.env.MARKETPLACE_MODERATION_ANON_KEY = moderationConfig.anonKey
  return async () => {
    await shared.close()
    await browserStore.close()
    await moderation.close()
    rmSync(dist, { recursive: true, force: true })
    rmSync(stateHome, { recursive: true, force: true })
  }
}
