import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { FileWrite } from './source-file.ts'
import { watchNotifier } from './watch-notify.ts'

/** A chokidar-like watcher: 'all' hears every event, as chokidar's does. */
function fakeWatcher() {
  const emitter = new EventEmitter()
  const emitted: [string, string][] = []
  const watcher = {
    on: (event: 'all', listener: (event: string, file: string) => void) => emitter.on(event, listener),
    emit: (event: string, file: string) => {
      emitted.push([event, file])
      emitter.emit('all', event, file)
      return true
    },
    /** What chokidar itself reports (not recorded as ours). */
    report: (event: string, file: string) => emitter.emit('all', event, file),
  }
  return { watcher, emitted }
}

const rewrite = (file: string): FileWrite => ({
  path: file,
  relativePath: 'src/App.tsx',
  expected: Buffer.from('a'),
  bytes: Buffer.from('b'),
  mode: 0o644,
})

describe('watchNotifier', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('a rewrite the watcher reported as a change is left to it', () => {
    const { watcher, emitted } = fakeWatcher()
    const written = watchNotifier(watcher)
    written([rewrite('/p/src/App.tsx')])
    vi.advanceTimersByTime(10)
    watcher.report('change', '/p/src/App.tsx')
    vi.advanceTimersByTime(500)
    expect(emitted).toEqual([])
  })

  test('a change reported after the files began to change, before the write resolved, is the write own', () => {
    const { watcher, emitted } = fakeWatcher()
    const written = watchNotifier(watcher, () => performance.now())
    const changedAt = performance.now()
    vi.advanceTimersByTime(2)
    watcher.report('change', '/p/src/App.tsx')
    vi.advanceTimersByTime(2)
    written([rewrite('/p/src/App.tsx')], changedAt)
    vi.advanceTimersByTime(1000)
    expect(emitted).toEqual([])
  })

  test('a rewrite it dropped (chokidar throttles a second change within 50 ms) is reported', () => {
    const { watcher, emitted } = fakeWatcher()
    const written = watchNotifier(watcher)
    watcher.report('change', '/p/src/App.tsx')
    written([rewrite('/p/src/App.tsx')])
    vi.advanceTimersByTime(500)
    expect(emitted).toEqual([['change', '/p/src/App.tsx']])
  })

  test('a rewrite it saw as unlink then add still gets its change; new and deleted files their own event', () => {
    const { watcher, emitted } = fakeWatcher()
    const written = watchNotifier(watcher)
    written([
      rewrite('/p/src/App.tsx'),
      { ...rewrite('/p/src/New.tsx'), expected: null },
      { ...rewrite('/p/src/Old.tsx'), bytes: null },
    ])
    watcher.report('unlink', '/p/src/App.tsx')
    watcher.report('add', '/p/src/App.tsx')
    vi.advanceTimersByTime(500)
    expect(emitted).toEqual([
      ['change', '/p/src/App.tsx'],
      ['add', '/p/src/New.tsx'],
      ['unlink', '/p/src/Old.tsx'],
    ])
  })
})

describe('watchNotifier and what the dev server loaded', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  test('a reported rewrite the dev server loaded is left alone', () => {
    const { watcher, emitted } = fakeWatcher()
    let servedAt = -1
    const written = watchNotifier(watcher, () => servedAt)
    written([rewrite('/p/src/App.tsx')])
    vi.advanceTimersByTime(10)
    watcher.report('change', '/p/src/App.tsx')
    servedAt = performance.now()
    vi.advanceTimersByTime(2000)
    expect(emitted).toEqual([])
  })

  test('a reported rewrite the dev server has not served since is looked at again, then reported', () => {
    const { watcher, emitted } = fakeWatcher()
    let servedAt = -1
    const written = watchNotifier(watcher, () => servedAt)
    written([rewrite('/p/src/App.tsx')])
    vi.advanceTimersByTime(10)
    // The event of the write before, which Vite loaded before this write landed.
    watcher.report('change', '/p/src/App.tsx')
    vi.advanceTimersByTime(200)
    expect(emitted).toEqual([])
    vi.advanceTimersByTime(2000)
    expect(emitted).toEqual([['change', '/p/src/App.tsx']])
    // Loaded in time: nothing to report.
    emitted.length = 0
    written([rewrite('/p/src/App.tsx')])
    vi.advanceTimersByTime(10)
    watcher.report('change', '/p/src/App.tsx')
    vi.advanceTimersByTime(150)
    servedAt = performance.now()
    vi.advanceTimersByTime(2000)
    expect(emitted).toEqual([])
  })

  test('only the last of writes in quick succession is followed', () => {
    const { watcher, emitted } = fakeWatcher()
    const written = watchNotifier(watcher)
    written([rewrite('/p/src/App.tsx')])
    vi.advanceTimersByTime(30)
    written([rewrite('/p/src/App.tsx')])
    vi.advanceTimersByTime(2000)
    expect(emitted).toEqual([['change', '/p/src/App.tsx']])
  })
})
