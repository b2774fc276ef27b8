import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, expect, test } from 'vitest'
import { loadBackendConfig } from './config.ts'

const MARKETPLACE = fileURLToPath(new URL('..', import.meta.url))
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

/** The marketplace's dev server with its own config, its backend's data in a temp folder. */
async function devServer(env: Record<string, string>): Promise<{ server: ViteDevServer; url: string }> {
  const saved = { ...process.env }
  Object.assign(process.env, env)
  try {
    const server = await createServer({
      root: MARKETPLACE,
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', strictPort: false },
    })
    await server.listen()
    const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? ''
    return { server, url }
  } finally {
    process.env = saved
  }
}

test('the dev server mounts the backend on the app origin and hands the app its anon key', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-vite-'))
  made.push(dataDir)
  const { server, url } = await devServer({ MARKETPLACE_DATA_DIR: dataDir })
  try {
    const { anonKey } = await loadBackendConfig(dataDir, {})
    const settings = await fetch(`${url}/auth/v1/settings`, { headers: { apikey: anonKey } })
    expect(settings.status).toBe(200)
    expect(await settings.json()).toMatchObject({ external: { email: true, google: false } })
    // The app's module sees the key as import.meta.env.VITE_SUPABASE_ANON_KEY.
    const module = await server.transformRequest('/src/lib/listings/rest.ts')
    expect(module?.code).toContain(anonKey)
    // The app's own pages are still the app's.
    expect((await fetch(`${url}/`)).headers.get('content-type')).toContain('text/html')
  } finally {
    await server.close()
  }
}, 60_000)

test('the dev server refuses the data directory and every .data folder, and answers no other origin', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-vite-'))
  made.push(dataDir)
  const { server, url } = await devServer({ MARKETPLACE_DATA_DIR: dataDir, MARKETPLACE_BACKEND: 'lazy' })
  try {
    const { deny } = server.config.server.fs
    // Vite's own entries are kept beside the marketplace's.
    expect(deny).toEqual(expect.arrayContaining(['.env', '**/.git/**', '**/.data/**', `${dataDir}/**`]))
    expect(server.config.server.cors).toBe(false)
    for (const asked of ['/.data/backend.json', `/@fs${dataDir}/backend.json`]) {
      const response = await fetch(`${url}${asked}`)
      expect(response.status).toBe(403)
      expect(await response.text()).toContain('never served')
    }
    const app = await fetch(`${url}/`, { headers: { origin: 'http://127.0.0.1:6666' } })
    expect(app.headers.get('access-control-allow-origin')).toBeNull()
  } finally {
    await server.close()
  }
}, 60_000)

test('with VITE_SUPABASE_URL set (a real Supabase project) nothing is mounted', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-vite-'))
  made.push(dataDir)
  const { server, url } = await devServer({
    MARKETPLACE_DATA_DIR: dataDir,
    VITE_SUPABASE_URL: 'https://example.supabase.co',
    VITE_SUPABASE_ANON_KEY: 'their-anon-key',
  })
  try {
    const response = await fetch(`${url}/rest/v1/users`, { headers: { apikey: 'their-anon-key' } })
    // Vite's SPA fallback answers: no backend here.
    expect(response.headers.get('content-type')).toContain('text/html')
  } finally {
    await server.close()
  }
}, 60_000)
