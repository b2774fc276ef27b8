import { describe, expect, test } from 'vitest'
import { LOADER_REBUILD_DELAY_MS, NAV_TREE_REBUILD_DELAY_MS } from '../core/constants.ts'
import { createRebuildScheduler, MAX_REBUILD_WAIT_MS, type SchedulerClock } from './rebuild-scheduler.ts'

/** A clock whose time moves only when the test says so. */
function fakeClock() {
  let time = 0
  let next = 0
  const timers = new Map<number, { at: number; callback: () => void }>()
  const clock: SchedulerClock = {
    now: () => time,
    setTimeout: (callback, ms) => {
      next += 1
      timers.set(next, { at: time + ms, callback })
      return next
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number)
    },
  }
  const advance = (ms: number) => {
    const until = time + ms
    for (;;) {
      const due = [...timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
      if (!due) break
      timers.delete(due[0])
      time = due[1].at
      due[1].callback()
    }
    time = until
  }
  return { clock, advance }
}

function setup() {
  const { clock, advance } = fakeClock()
  const rebuilds: { at: number; whole: boolean }[] = []
  const scheduler = createRebuildScheduler(clock, (whole) => rebuilds.push({ at: clock.now(), whole }))
  return { scheduler, advance, rebuilds }
}

describe('the rebuild scheduler', () => {
  test(`a change rebuilds ${NAV_TREE_REBUILD_DELAY_MS} ms after the last one`, () => {
    const { scheduler, advance, rebuilds } = setup()
    scheduler.change()
    advance(200)
    scheduler.change()
    advance(NAV_TREE_REBUILD_DELAY_MS - 1)
    expect(rebuilds).toEqual([])
    advance(1)
    expect(rebuilds).toEqual([{ at: 200 + NAV_TREE_REBUILD_DELAY_MS, whole: false }])
  })

  test(`constant changes still rebuild ${MAX_REBUILD_WAIT_MS} ms after the first`, () => {
    const { scheduler, advance, rebuilds } = setup()
    for (let at = 0; at < 2500; at += 100) {
      scheduler.change()
      advance(100)
    }
    expect(rebuilds.map((rebuild) => rebuild.at)).toEqual([MAX_REBUILD_WAIT_MS, 2 * MAX_REBUILD_WAIT_MS])
  })

  test('a stream of scrolls waits until it ends, however long it lasts', () => {
    const { scheduler, advance, rebuilds } = setup()
    for (let at = 0; at < 2500; at += 100) {
      scheduler.settle()
      advance(100)
    }
    expect(rebuilds).toEqual([])
    advance(NAV_TREE_REBUILD_DELAY_MS)
    expect(rebuilds).toEqual([{ at: 2400 + NAV_TREE_REBUILD_DELAY_MS, whole: false }])
  })

  test(`a loader page gets one whole rebuild ${LOADER_REBUILD_DELAY_MS} ms after start, unless one ran`, () => {
    let builds = 0
    const quiet = setup()
    quiet.scheduler.afterLoader(() => builds)
    quiet.advance(LOADER_REBUILD_DELAY_MS - 1)
    expect(quiet.rebuilds).toEqual([])
    quiet.advance(1)
    expect(quiet.rebuilds).toEqual([{ at: LOADER_REBUILD_DELAY_MS, whole: true }])

    const built = setup()
    built.scheduler.afterLoader(() => builds)
    builds += 1
    built.advance(2 * LOADER_REBUILD_DELAY_MS)
    expect(built.rebuilds).toEqual([])
  })

  test('cancel forgets what was pending', () => {
    const { scheduler, advance, rebuilds } = setup()
    scheduler.change()
    scheduler.afterLoader(() => 0)
    scheduler.cancel()
    advance(5000)
    expect(rebuilds).toEqual([])
  })
})
