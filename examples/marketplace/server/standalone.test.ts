import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type RunningBackend, startBackend } from './index.ts'

/** The backend on its own port (`npm run backend`): the Host check on every path, the site URL from the environment. */

let dataDir = ''
let backend: RunningBackend
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-standalone-'))
  backend = await startBackend({
    port: 0,
    dataDir,
    allowedHosts: ['.box.test'],
    env: {
      MARKETPLACE_SITE_URL: 'http://localhost:5173',
      MARKETPLACE_REDIRECT_ALLOW_LIST: 'http://localhost:4173/**',
    },
  })
}, 60_000)
afterAll(async () => {
  await backend?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** A GET with this Host header; the status and the body. */
function get(pathname: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(backend.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

test('configured names (MARKETPLACE_ALLOWED_HOSTS) are answered besides loopback ones; any other is refused on every path', async () => {
  expect((await get('/inbox', 'app.box.test')).status).toBe(200)
  expect((await get('/inbox', 'localhost')).status).toBe(200)
  for (const pathname of ['/inbox', '/auth/v1/settings', '/nowhere']) {
    const refused = await get(pathname, 'rebind.attacker.test')
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'host_not_allowed' })
  }
})

test('MARKETPLACE_SITE_URL and MARKETPLACE_REDIRECT_ALLOW_LIST reach the config', () => {
  expect(backend.config.siteUrl).toBe('http://localhost:5173/')
  expect(backend.config.redirectAllowList).toEqual(['http://localhost:4173/**'])
})
