import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { SERVED_WAIT_MS, servedGate } from './served-gate.ts'
import type { FileWrite } from './source-file.ts'

const write = (file: string, text: string): FileWrite => ({
  path: file,
  relativePath: 'src/App.tsx',
  expected: Buffer.from('old'),
  bytes: Buffer.from(text),
  mode: 0o644,
})

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

test('the next write of a file waits until the page has loaded the last one', async () => {
  const servedAt = new Map([['/p/App.tsx', 0]])
  const appliedAt = new Map<string, number>()
  const gate = servedGate(servedAt, appliedAt, () => true)
  gate.written([write('/p/App.tsx', 'v2')])
  let done = false
  const waiting = gate.wait(['/p/App.tsx']).then(() => {
    done = true
  })
  await vi.advanceTimersByTimeAsync(50)
  expect(done).toBe(false)
  // Served (whatever the file holds now: the user may have saved it since), not yet applied.
  servedAt.set('/p/App.tsx', performance.now())
  await vi.advanceTimersByTimeAsync(50)
  expect(done).toBe(false)
  appliedAt.set('/p/App.tsx', performance.now())
  await vi.advanceTimersByTimeAsync(20)
  await waiting
  expect(done).toBe(true)
})

test('no page connected, a file no page loaded, or a page that never catches up: no (more) waiting', async () => {
  let connected = false
  const gate = servedGate(new Map([['/p/App.tsx', -1]]), new Map(), () => connected)
  gate.written([write('/p/App.tsx', 'v2'), write('/p/Other.tsx', 'x')])
  await gate.wait(['/p/App.tsx', '/p/Other.tsx'])
  connected = true
  await gate.wait(['/p/Other.tsx'])
  const started = performance.now()
  const first = gate.wait(['/p/App.tsx'])
  await vi.advanceTimersByTimeAsync(SERVED_WAIT_MS + 20)
  await first
  expect(performance.now() - started).toBeGreaterThanOrEqual(SERVED_WAIT_MS)
  // It gave up on that file: the next write goes at once.
  const again = performance.now()
  await gate.wait(['/p/App.tsx'])
  expect(performance.now() - again).toBe(0)
})

test('a page loaded afresh since the write (a full reload) is not waited for once the file was served', async () => {
  const servedAt = new Map([['/p/App.tsx', -1]])
  let connectedAt = Number.NEGATIVE_INFINITY
  const gate = servedGate(
    servedAt,
    new Map(),
    () => true,
    () => connectedAt,
  )
  gate.written([write('/p/App.tsx', 'v2')])
  let done = false
  const waiting = gate.wait(['/p/App.tsx']).then(() => {
    done = true
  })
  await vi.advanceTimersByTimeAsync(50)
  connectedAt = performance.now()
  await vi.advanceTimersByTimeAsync(50)
  // Connected, but the file not served since the write: still waiting.
  expect(done).toBe(false)
  servedAt.set('/p/App.tsx', performance.now())
  await vi.advanceTimersByTimeAsync(20)
  await waiting
  expect(done).toBe(true)
})

test('a serve after the files began to change, before the write resolved, has the write', async () => {
  const servedAt = new Map([['/p/App.tsx', 0]])
  const appliedAt = new Map<string, number>()
  const gate = servedGate(servedAt, appliedAt, () => true)
  const changedAt = performance.now()
  await vi.advanceTimersByTimeAsync(5)
  servedAt.set('/p/App.tsx', performance.now())
  appliedAt.set('/p/App.tsx', performance.now())
  await vi.advanceTimersByTimeAsync(5)
  gate.written([write('/p/App.tsx', 'v2')], changedAt)
  let done = false
  const waiting = gate.wait(['/p/App.tsx']).then(() => {
    done = true
  })
  await vi.advanceTimersByTimeAsync(20)
  await waiting
  expect(done).toBe(true)
})
