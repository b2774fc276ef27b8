import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { commaList, loadBackendConfig } from './config.ts'

const parent = mkdtempSync(path.join(tmpdir(), 'marketplace-config-'))
afterAll(() => rmSync(parent, { recursive: true, force: true }))

test('a wrong MARKETPLACE_SITE_URL or allow-list entry stops the start with what to write, before anything is made', async () => {
  const dataDir = path.join(parent, 'data')
  for (const [env, message] of [
    [{ MARKETPLACE_SITE_URL: 'localhost:5173' }, 'MARKETPLACE_SITE_URL must be'],
    [{ MARKETPLACE_SITE_URL: 'ftp://localhost' }, 'MARKETPLACE_SITE_URL must be'],
    [
      { MARKETPLACE_REDIRECT_ALLOW_LIST: 'http://ok/**, http://[a-z' },
      'MARKETPLACE_REDIRECT_ALLOW_LIST: "http://[a-z" has a [ without its ]',
    ],
    [{ DATABASE_URL: 'db.example.com:5432' }, 'DATABASE_URL must be a PostgreSQL connection URL'],
  ] as const) {
    await expect(loadBackendConfig(dataDir, env)).rejects.toThrow(message)
    expect(existsSync(dataDir)).toBe(false)
  }
})

test('the site URL, the allow list and DATABASE_URL, read; none by default', async () => {
  const dataDir = path.join(parent, 'read')
  const config = await loadBackendConfig(dataDir, {
    MARKETPLACE_SITE_URL: 'http://localhost:5173',
    MARKETPLACE_REDIRECT_ALLOW_LIST: ' http://localhost:4173/** ,,https://*.example.com ',
  })
  expect(config.siteUrl).toBe('http://localhost:5173/')
  expect(config.redirectAllowList).toEqual(['http://localhost:4173/**', 'https://*.example.com'])
  expect(await loadBackendConfig(dataDir, {})).toMatchObject({
    siteUrl: null,
    redirectAllowList: [],
    databaseUrl: null,
  })
  const url = 'postgres://market:pw@127.0.0.1:5432/market'
  expect(await loadBackendConfig(dataDir, { DATABASE_URL: url })).toMatchObject({ databaseUrl: url })
  expect(commaList(undefined)).toEqual([])
})
