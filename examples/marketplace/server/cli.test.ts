import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, test } from 'vitest'

const MARKETPLACE = fileURLToPath(new URL('..', import.meta.url))
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url))
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

/** Runs `npm run backend`'s command until it prints `until` (or exits), then stops it. */
function runBackend(
  args: string[],
  env: Record<string, string>,
  until: RegExp,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, ['server/cli.ts', ...args], {
      cwd: MARKETPLACE,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (until.test(output)) child.kill('SIGINT')
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => resolve({ code, output }))
  })
}

const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'marketplace-cli-'))
  made.push(dir)
  return dir
}

test('prints its URL, the anon key, the admin sign-up code and the demo accounts, and stops on Ctrl+C', async () => {
  const { code, output } = await runBackend(['--port', '0'], { MARKETPLACE_DATA_DIR: dataDir() }, /Ready in/)
  expect(output).toMatch(/API URL: +http:\/\/127\.0\.0\.1:\d+/)
  expect(output).toMatch(/anon key: +eyJ/)
  expect(output).toMatch(/Admin sign-up code: +\S+/)
  expect(output).toMatch(/Demo admin +admin@marketplace\.local {2}\/ {2}\S+/)
  expect(output).toMatch(/Demo customer +customer@marketplace\.local {2}\/ {2}\S+/)
  // Mailed links come back to the site URL only: its own origin unless MARKETPLACE_SITE_URL says.
  expect(output).toMatch(/Redirects: +http:\/\/127\.0\.0\.1:\d+\/ {2}\(MARKETPLACE_SITE_URL/)
  expect(code).toBe(0)
}, 60_000)

test('a port in use stops it with what to do', async () => {
  const blocker: Server = createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  const port = (blocker.address() as { port: number }).port
  try {
    const { code, output } = await runBackend(
      ['--port', String(port)],
      { MARKETPLACE_DATA_DIR: dataDir() },
      /$^/,
    )
    expect(code).toBe(1)
    expect(output).toContain(`[PORT_IN_USE] Port ${port} on 127.0.0.1 is in use`)
    expect(output).toContain('--port')
    expect(output).not.toMatch(/\n\s+at /)
  } finally {
    blocker.close()
  }
}, 60_000)

test('unreadable secrets and a bad port each stop it with what to do', async () => {
  const broken = dataDir()
  writeFileSync(path.join(broken, 'backend.json'), '{ not json')
  const secrets = await runBackend(['--port', '0'], { MARKETPLACE_DATA_DIR: broken }, /$^/)
  expect(secrets.code).toBe(1)
  expect(secrets.output).toContain('[CONFIG_INVALID]')
  expect(secrets.output).toContain('move it away')
  const port = await runBackend(['--port', 'eighty'], { MARKETPLACE_DATA_DIR: dataDir() }, /$^/)
  expect(port.code).toBe(1)
  expect(port.output).toContain('--port must be a port number')
}, 60_000)
