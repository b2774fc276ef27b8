/// <reference lib="dom" />
/**
 * The hover figure of bench/inspector.ts, measured in the page: pointerover on an element -> the
 * hover outline drawn (read from the overlay's shadow root), and beside it a control.
 */
import type { Page } from '@playwright/test'

/**
 * The hover control: after this many hovers, a loop of pure JS work calibrated to their median runs
 * between the hovers, with the same microtask and pause, calibrated again after each as many more.
 * Its p95 is what this machine adds to work of that length (scheduling, timers), with no DOM, no
 * allocation and no garbage collection.
 */
const CONTROL_CALIBRATION_HOVERS = 20

export interface Hovers {
  /** pointerover dispatched -> the outline drawn, per hover (ms). */
  times: number[]
  /** The control's work, run between the hovers (ms). */
  control: number[]
}

/**
 * `count` hovers over far-apart rows, 5 ms apart, each checked to have drawn the hovered element's
 * outline; the control runs between them once CONTROL_CALIBRATION_HOVERS are measured.
 */
export function measureHovers(page: Page, count: number): Promise<Hovers> {
  return page.evaluate(
    async ({ count, calibrateAfter }) => {
      const roots = (window as unknown as { __shadowRoots: ShadowRoot[] }).__shadowRoots
      const overlay = roots.find((root) => root.host.hasAttribute('data-visual-edit-overlay'))
      const targets = Array.from(document.querySelectorAll('li .name'))
      const times: number[] = []
      const control: number[] = []
      /** Loop rounds of the control's fixed work, calibrated to the hovers' recent median. */
      let rounds = 0
      let sink = 0
      const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number
      const fixedWork = (n: number) => {
        for (let round = 0; round < n; round++) sink += Math.sqrt(round)
      }
      for (let index = 0; index < count; index++) {
        // Alternate far-apart rows so every hover is a change of hovered element.
        const target = targets[(index * 7919) % targets.length] as Element
        const start = performance.now()
        target.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }))
        // The outline is drawn in a microtask queued by the hover; this continuation runs after it.
        await Promise.resolve()
        const took = performance.now() - start
        const drawn = overlay?.querySelector('[data-kind="hover"]') as HTMLElement | null
        if (!drawn || drawn.hidden) throw new Error('no hover outline was drawn')
        // The span is tagged: it is the hovered node itself.
        const rect = target.getBoundingClientRect()
        const width = Number.parseFloat(drawn.style.width)
        if (Math.abs(width - rect.width) > 1) throw new Error('the hover outline is not the hovered element')
        times.push(took)
        await new Promise((resolve) => setTimeout(resolve, 5))
        if (index + 1 === calibrateAfter) {
          // Timed once V8 has optimized the loop, as it is when the control runs.
          let took = 0
          for (let warm = 0; warm < 5; warm++) {
            const start = performance.now()
            fixedWork(200_000)
            took = performance.now() - start
          }
          rounds = Math.round((200_000 * medianOf(times)) / Math.max(0.01, took))
        } else if (rounds > 0 && (index + 1) % calibrateAfter === 0) {
          // Kept at the hovers' median as the machine speeds up or slows down.
          const recent = control.slice(-calibrateAfter)
          rounds = Math.max(
            1,
            Math.round((rounds * medianOf(times.slice(-2 * calibrateAfter))) / medianOf(recent)),
          )
        }
        if (rounds > 0) {
          // The same shape as a hover: the work, then a microtask, then the same pause.
          const start = performance.now()
          fixedWork(rounds)
          await Promise.resolve()
          control.push(performance.now() - start)
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
      }
      ;(window as unknown as { benchSink: number }).benchSink = sink
      return { times, control }
    },
    { count, calibrateAfter: CONTROL_CALIBRATION_HOVERS },
  )
}
