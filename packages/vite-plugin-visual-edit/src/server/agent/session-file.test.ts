import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { readSessionFile, sessionDirectory, sessionFileOf, writeSessionFile } from './session-file.ts'

let runtime: string
let project: string
const previous = process.env.XDG_RUNTIME_DIR
beforeEach(() => {
  runtime = mkdtempSync(path.join(os.tmpdir(), 'visual-edit-runtime-'))
  project = mkdtempSync(path.join(os.tmpdir(), 'visual-edit-project-'))
  process.env.XDG_RUNTIME_DIR = runtime
})
afterEach(() => {
  if (previous === undefined) delete process.env.XDG_RUNTIME_DIR
  else process.env.XDG_RUNTIME_DIR = previous
  rmSync(runtime, { recursive: true, force: true })
  rmSync(project, { recursive: true, force: true })
})

test('the session file is 0600 in a 0700 folder of the runtime dir, read back while its process runs, removed by it', () => {
  const remove = writeSessionFile({ root: project, origin: 'http://127.0.0.1:5174', token: 't'.repeat(32) })
  const directory = sessionDirectory()
  expect(path.dirname(directory)).toBe(runtime)
  expect(statSync(directory).mode & 0o777).toBe(0o700)
  const file = sessionFileOf(project)
  expect(statSync(file).mode & 0o777).toBe(0o600)
  // Outside the project: no dev server of it serves the token.
  expect(file.startsWith(project)).toBe(false)
  expect(readSessionFile(project)).toMatchObject({
    version: 1,
    pid: process.pid,
    root: project,
    token: 't'.repeat(32),
  })
  remove()
  expect(readdirSync(directory)).toEqual([])
  expect(readSessionFile(project)).toBeNull()
})

test('a session whose process has ended is not one', () => {
  writeSessionFile({ root: project, origin: 'http://127.0.0.1:1', token: 'x'.repeat(32) })
  const file = sessionFileOf(project)
  const content = JSON.parse(readFileSync(file, 'utf8'))
  writeFileSync(file, JSON.stringify({ ...content, pid: 2 ** 22 + 7 }))
  expect(readSessionFile(project)).toBeNull()
})

test('a folder others can read is refused, not used', () => {
  writeSessionFile({ root: project, origin: 'http://127.0.0.1:1', token: 'x'.repeat(32) })
  chmodSync(sessionDirectory(), 0o755)
  expect(() => readSessionFile(project)).toThrow(/not a private folder/)
  expect(() =>
    writeSessionFile({ root: project, origin: 'http://127.0.0.1:1', token: 'x'.repeat(32) }),
  ).toThrow(/not a private folder/)
})
