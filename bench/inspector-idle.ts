/// <reference lib="dom" />
/**
 * What the inspector costs a page no editor is connected to (issue 6: "costs the app nothing
 * measurable when none does"), in headless Chromium on the inspector bench's generated 6,800-element
 * React page (bench/inspector-page.ts).
 *
 *   npm run bench -- inspector-idle
 *
 * Each round loads the page three times in turn: without the inspector (its module answered with an
 * empty one, so the HTML is the same), with it, and without it again. Per load: the app's first commit
 * after navigation start, and the median of RERENDERS re-renders (a state change -> its commit). Per
 * round, with / without is the figure's ratio, and without again / without the same for two loads that
 * differ in nothing (the machine's own spread). The inspector's module runs before the app's (module
 * scripts run in order, and it is in the head), so its load and start are inside "app ready".
 * Goal: each median with / without ratio <= 1 + the larger of 5% and the spread of the A/A ratios
 * (their upper quartile - 1): a cost under the loads' own noise is not measurable.
 */
import { type Browser, chromium, type Page } from '@playwright/test'
import { INSPECTOR_URL } from '../packages/vite-plugin-visual-edit/src/runtime-plugin.ts'
import playwrightConfig, { CHROMIUM_PATH } from '../playwright.config.ts'
import { INIT_SCRIPT, rowsFor, startServer } from './inspector-page.ts'
import { type ReportBar, recordChart } from './report/record.ts'
import { median, percentile, printTable } from './report.ts'

const ELEMENTS = 6800
const ROUNDS = 7
const RERENDERS = 5
const TOLERANCE = 0.05

interface Load {
  /** The app's first commit, ms after navigation start. */
  ready: number
  /** A state change -> its commit, median over RERENDERS. */
  rerender: number
}

async function load(browser: Browser, url: string, rows: number, inspector: boolean): Promise<Load> {
  const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  try {
    await page.addInitScript(INIT_SCRIPT)
    if (!inspector) {
      // The same page and the same script tag; the module it loads is empty.
      await page.route(`**${INSPECTOR_URL}`, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'export {}\n' }),
      )
    }
    await page.goto(`${url}/?rows=${rows}`)
    await page.waitForFunction(() => (window as unknown as { benchCommits?: number[] }).benchCommits?.length)
    await page.waitForTimeout(200)
    return await page.evaluate(async (count) => {
      const state = window as unknown as { benchCommits: number[]; benchChange: () => void }
      const ready = state.benchCommits[0] as number
      const times: number[] = []
      for (let index = 0; index < count; index++) {
        const before = state.benchCommits.length
        const start = performance.now()
        state.benchChange()
        while (state.benchCommits.length === before) await new Promise((resolve) => setTimeout(resolve, 0))
        times.push((state.benchCommits[before] as number) - start)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      times.sort((a, b) => a - b)
      return { ready, rerender: times[Math.floor(times.length / 2)] as number }
    }, RERENDERS)
  } finally {
    await page.close()
  }
}

export async function benchInspectorIdle(): Promise<boolean> {
  const { url, server, remove } = await startServer()
  const browser = await chromium.launch({
    ...playwrightConfig.use?.launchOptions,
    executablePath: CHROMIUM_PATH,
    headless: true,
  })
  try {
    const rows = rowsFor(ELEMENTS)
    // Warm the dev server (dependency optimisation, transforms) outside the measurements.
    await load(browser, url, 10, true)
    await load(browser, url, 10, false)
    const rounds: { without: Load; with: Load; again: Load }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const without = await load(browser, url, rows, false)
      const withInspector = await load(browser, url, rows, true)
      const again = await load(browser, url, rows, false)
      rounds.push({ without, with: withInspector, again })
    }

    let ok = true
    const bars: ReportBar[] = []
    const row = (label: string, read: (sample: Load) => number) => {
      const ratios = rounds.map((round) => read(round.with) / read(round.without))
      const spread = rounds.map((round) => read(round.again) / read(round.without))
      const ratio = median(ratios)
      const allowed = 1 + Math.max(TOLERANCE, percentile(spread, 75) - 1)
      const met = ratio <= allowed
      if (!met) ok = false
      bars.push({
        label,
        value: median(rounds.map((round) => read(round.with))),
        baseline: median(rounds.map((round) => read(round.without))),
      })
      return [
        label,
        `${median(rounds.map((round) => read(round.with))).toFixed(1)} ms`,
        `${median(rounds.map((round) => read(round.without))).toFixed(1)} ms`,
        ratio.toFixed(2),
        median(spread).toFixed(2),
        `<= ${allowed.toFixed(2)}`,
        met ? 'met' : 'MISSED',
      ]
    }
    printTable(
      'inspector-idle',
      `inspector with no editor connected, ${ELEMENTS} elements (${rows} rows), ${ROUNDS} rounds of 3 page loads`,
      ['figure', 'with inspector', 'without', 'with / without', 'A/A', 'goal', ''],
      [
        row('app ready (first commit)', (sample) => sample.ready),
        row('re-render (state change -> commit)', (sample) => sample.rerender),
      ],
    )
    recordChart('inspector-idle', {
      title: `A page with the inspector and no editor, against the same page without it (${ELEMENTS} elements, median)`,
      unit: 'ms',
      valueName: 'with the inspector',
      baselineName: 'without',
      lowerIsBetter: true,
      bars,
    })
    console.log(`\ninspector with no editor: ${ok ? 'nothing measurable' : 'MEASURABLE (see above)'}`)
    return ok
  } finally {
    await browser.close()
    await server.close()
    remove()
  }
}
