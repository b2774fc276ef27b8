import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { loadBackendConfig } from './config.ts'
import { assertNotServed, defaultDataDir, MARKETPLACE_ROOT, resolveDataDir } from './data-dir.ts'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A folder in the system's temp directory (outside every workspace), removed after the test. */
const temp = (label: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `marketplace-data-dir-${label}-`))
  made.push(dir)
  return dir
}

const modeOf = (file: string) => statSync(file).mode & 0o777

test("the default is the user's state folder, one per checkout (its real path), outside the app", () => {
  const state = temp('state')
  const app = temp('app')
  const env = { XDG_STATE_HOME: state }
  const dir = defaultDataDir(app, env)
  expect(path.dirname(dir)).toBe(path.join(state, 'visual-edit-marketplace'))
  expect(path.basename(dir)).toMatch(new RegExp(`^${path.basename(app)}-[0-9a-f]{16}$`))
  expect(defaultDataDir(temp('other'), env)).not.toBe(dir)
  const link = path.join(temp('links'), 'app-link')
  symlinkSync(app, link)
  expect(defaultDataDir(link, env)).toBe(dir)
  // A relative XDG_STATE_HOME is ignored, as the XDG spec says.
  expect(defaultDataDir(app, { XDG_STATE_HOME: 'relative', HOME: state })).not.toContain('relative')
})

test('a data directory inside the app or its workspace is refused with what to do', () => {
  const app = temp('app')
  expect(() => assertNotServed(path.join(app, 'private'), app, {}, true)).toThrow(
    /DATA_DIR_SERVED.*MARKETPLACE_DATA_DIR/,
  )
  expect(() => assertNotServed(app, app, {}, true)).toThrow('DATA_DIR_SERVED')
  expect(() => assertNotServed(temp('outside'), app, {}, true)).not.toThrow()
  // The marketplace's workspace (this repository) is served too (/@fs/), by its other apps as well.
  const inWorkspace = path.resolve(MARKETPLACE_ROOT, '../../tests/.tmp/marketplace-data')
  expect(() => assertNotServed(inWorkspace, MARKETPLACE_ROOT, {}, true)).toThrow('DATA_DIR_SERVED')
  const env = { MARKETPLACE_DATA_DIR: 'data' }
  const notes: string[] = []
  expect(() => resolveDataDir({ appRoot: app, env, note: (line) => notes.push(line) })).toThrow(
    'DATA_DIR_SERVED',
  )
  expect(existsSync(path.join(app, 'data'))).toBe(false)
  // Relative to the app's folder.
  const outside = resolveDataDir({
    appRoot: app,
    env: { MARKETPLACE_DATA_DIR: '../elsewhere' },
    note: () => {},
  })
  expect(outside).toBe(path.resolve(app, '../elsewhere'))
})

/** An app folder with the data folder an earlier version left in it. */
function appWithOldData() {
  const app = temp('app')
  mkdirSync(path.join(app, '.data', 'pgdata'), { recursive: true })
  const secrets = {
    jwtSecret: 'j'.repeat(48),
    adminSignupCode: 'code',
    demoPasswords: { admin: 'a', customer: 'c' },
  }
  writeFileSync(path.join(app, '.data', 'backend.json'), JSON.stringify(secrets), { mode: 0o644 })
  writeFileSync(path.join(app, '.data', 'pgdata', 'PG_VERSION'), '17\n')
  return app
}

test('an old <app>/.data is moved to the default place on the first start, with a note; private there', async () => {
  const app = appWithOldData()
  const env = { XDG_STATE_HOME: temp('state') }
  const notes: string[] = []
  const dir = resolveDataDir({ appRoot: app, env, note: (line) => notes.push(line) })
  expect(dir).toBe(defaultDataDir(app, env))
  expect(existsSync(path.join(app, '.data'))).toBe(false)
  expect(readFileSync(path.join(dir, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17\n')
  expect(notes).toEqual([
    `Moved the marketplace's data out of the app folder (where dev servers serve it): ${path.join(app, '.data')} -> ${dir}`,
  ])
  const config = await loadBackendConfig(dir, env)
  expect(config.jwtSecret).toBe('j'.repeat(48))
  expect(modeOf(dir)).toBe(0o700)
  expect(modeOf(path.join(dir, 'backend.json'))).toBe(0o600)
  // The next start finds it there and says nothing.
  expect(resolveDataDir({ appRoot: app, env, note: (line) => notes.push(line) })).toBe(dir)
  expect(notes).toHaveLength(1)
})

test('an old .data beside data already in place, or with MARKETPLACE_DATA_DIR set, stays, with a note', () => {
  const app = appWithOldData()
  const env = { XDG_STATE_HOME: temp('state') }
  mkdirSync(defaultDataDir(app, env), { recursive: true })
  writeFileSync(path.join(defaultDataDir(app, env), 'backend.json'), '{}')
  const notes: string[] = []
  resolveDataDir({ appRoot: app, env, note: (line) => notes.push(line) })
  const explicit = temp('explicit')
  resolveDataDir({ appRoot: app, env: { MARKETPLACE_DATA_DIR: explicit }, note: (line) => notes.push(line) })
  expect(existsSync(path.join(app, '.data', 'backend.json'))).toBe(true)
  expect(notes).toHaveLength(2)
  for (const note of notes) expect(note).toContain('is an old data folder, no longer used')
  // A directory given in code (tests, the plugin's own backend) is only checked.
  resolveDataDir({ appRoot: app, env, dataDir: explicit, note: (line) => notes.push(line) })
  expect(notes).toHaveLength(2)
})
