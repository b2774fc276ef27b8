/// <reference lib="dom" />
/**
 * The inspector's outline redraw (issue 27) in headless Chromium: every redraw's time, read from the
 * User Timing measure it leaves (OUTLINES_MEASURE), during a session of real input on three pages.
 *
 *   npm run bench -- inspector-redraw
 *
 * The pages (bench/redraw-pages.ts):
 * - the marketplace's home page in the editor, as `npm start` shows it: a copy served by the
 *   `visual-edit` binary (the dist build: `npm run build` first), the editor page at 1440x900 framing
 *   it; the editor connects itself, with the lookups it asks the dev server for;
 * - the same page alone (a copy of examples/marketplace with its backend, served by a Vite dev
 *   server with visualEdit() from the sources), 1440x900;
 * - the 6,800-element page of bench/inspector-page.ts, 1280x900.
 * The last two connect to their own inspector as the editor does (MessageChannel, 'init', initProject) and
 * gives it the lookups the editor would (the dev server's answer for every codebase id in the page):
 * with them, a selected element whose text comes from code gets the edit-dynamic-text button, drawn
 * with the outlines.
 * On each of LOADS page loads, for each of TARGETS visible tagged elements (on the 6,800-element page
 * first a list row, whose codebase id 1,100+ other rows share: that many secondary outlines, a
 * section, a name and the header): a click that selects it, HOVERS pointer moves over other elements,
 * SCROLLS wheel steps down and back up, and on the 6,800-element page a React state change whose tree
 * refresh redraws too. Each redraw is counted under the step it happened in.
 *
 * Baseline, measured in the same run: the floor of bench/inspector.ts, one pass reading every
 * element's rect on the page (median of five passes), measured on each load; each figure is printed
 * over the median floor, so runs on a faster or busier machine compare. The pages the bench serves
 * are cross-origin isolated, so performance.now() counts in 5 us steps instead of 100 us (the
 * editor's frame is not: 100 us steps there).
 * Goal (issue 27): p95 of all redraws under FRAME_BUDGET_MS (16 ms) on each page. The console warnings
 * about the frame budget (one per redraw over it) are counted beside it.
 */
import { type Browser, chromium, type Frame, type Page } from '@playwright/test'
import {
  FRAME_BUDGET_MS,
  OUTLINES_MEASURE,
} from '../packages/vite-plugin-visual-edit/src/runtime/core/constants.ts'
import playwrightConfig, { CHROMIUM_PATH } from '../playwright.config.ts'
import { INIT_SCRIPT } from './inspector-page.ts'
import {
  type BenchPage,
  editorPage,
  marketplacePage,
  type RedrawWindow,
  rowsPage,
  type Step,
} from './redraw-pages.ts'
import { type ReportBar, recordChart } from './report/record.ts'
import { median, percentile, printTable } from './report.ts'

const LOADS = 3
const TARGETS = 8
const HOVERS = 12
const SCROLLS = 3
const SCROLL_STEP_PX = 250
/** A selection drawn with this many outlines or more (a list item and its secondary outlines). */
const MANY_OUTLINES = 1000
const WARNING = /^\[visual-edit\] drawing the outlines took/

const STEPS: readonly Step[] = ['select', 'hover', 'scroll', 'tree']

interface Redraw {
  step: Step
  ms: number
  /** How many overlays it drew (-1: not told), and whether it drew them all or the hover outline alone. */
  outlines: number
  whole: boolean
  /** How long its first read waited for the page's pending style and layout (ms). */
  layoutMs: number
}

interface Load {
  redraws: Redraw[]
  /** Every element's rect read in one pass (ms), and how many elements. */
  floor: { ms: number; elements: number }
  /** Per selection, how many elements have the selected one's codebase id (its secondary outlines + 1). */
  instances: number[]
  warnings: number
}

/**
 * Runs before the page's scripts: every redraw's measure kept with its start, and the step the bench
 * was in when it started (the bench records each step's start in `__steps`).
 */
const RECORD_REDRAWS = `(() => {
  window.__redraws = []
  window.__steps = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === ${JSON.stringify(OUTLINES_MEASURE)})
        window.__redraws.push({ at: entry.startTime, ms: entry.duration, outlines: entry.detail?.outlines ?? -1, whole: entry.detail?.whole !== false, layoutMs: entry.detail?.layoutMs ?? 0 })
  }).observe({ type: 'measure' })
})()`

const frames = (page: Frame, count = 2) =>
  page.evaluate(async (n) => {
    for (let frame = 0; frame < n; frame++) await new Promise((resolve) => requestAnimationFrame(resolve))
  }, count)

const markStep = (page: Frame, step: Step) =>
  page.evaluate((name) => {
    ;(window as unknown as RedrawWindow).__steps.push({ step: name, at: performance.now() })
  }, step)

/** Centres of visible tagged elements, the `first` ones first, then others spread over the viewport. */
function pickTargets(page: Frame, first: string[]): Promise<{ x: number; y: number }[]> {
  return page.evaluate((selectors) => {
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect()
      if (rect.width < 24 || rect.height < 12 || rect.top < 0 || rect.bottom > innerHeight) return null
      if (rect.left < 0 || rect.right > innerWidth) return null
      const x = rect.left + rect.width / 2
      const y = rect.top + rect.height / 2
      const hit = document.elementFromPoint(x, y)
      return hit && (hit === element || element.contains(hit)) ? { x, y } : null
    }
    const points: { x: number; y: number }[] = []
    for (const selector of selectors) {
      const element = document.querySelector(selector)
      const point = element && visible(element)
      if (point) points.push(point)
    }
    const rest = [...document.querySelectorAll('[data-tempo-id]')].flatMap((element) => {
      const point = visible(element)
      return point ? [point] : []
    })
    const every = Math.max(1, Math.floor(rest.length / 40))
    return [...points, ...rest.filter((_, index) => index % every === 0)]
  }, first)
}

/** Every element's rect read in one pass: median of five passes (ms). */
function floorOf(page: Frame): Promise<{ ms: number; elements: number }> {
  return page.evaluate(() => {
    const elements = [...document.body.querySelectorAll('*')]
    const passes: number[] = []
    for (let pass = 0; pass < 5; pass++) {
      const start = performance.now()
      for (const element of elements) element.getBoundingClientRect()
      passes.push(performance.now() - start)
    }
    return { ms: passes.sort((a, b) => a - b)[2] as number, elements: elements.length }
  })
}

/** How many elements share the codebase id of the tagged element at a point. */
function instancesAt(page: Frame, point: { x: number; y: number }): Promise<number> {
  return page.evaluate(({ x, y }) => {
    const id = document.elementFromPoint(x, y)?.closest('[data-tempo-id]')?.getAttribute('data-tempo-id')
    return id ? document.querySelectorAll(`[data-tempo-id="${CSS.escape(id)}"]`).length : 0
  }, point)
}

/** Where a point of the app's viewport is on the page: the editor shows its frame scaled. */
async function onPage(
  page: Page,
  app: Frame,
): Promise<(point: { x: number; y: number }) => { x: number; y: number }> {
  if (app === page.mainFrame()) return (point) => point
  const element = await app.frameElement()
  const frame = await element.evaluate((node) => {
    const iframe = node as HTMLIFrameElement
    const rect = iframe.getBoundingClientRect()
    const scale = rect.width / iframe.offsetWidth
    return { left: rect.left + iframe.clientLeft * scale, top: rect.top + iframe.clientTop * scale, scale }
  })
  return ({ x, y }) => ({ x: frame.left + x * frame.scale, y: frame.top + y * frame.scale })
}

async function measureLoad(browser: Browser, bench: BenchPage): Promise<Load> {
  const page = await browser.newPage({ viewport: bench.viewport })
  let warnings = 0
  page.on('console', (message) => {
    if (WARNING.test(message.text())) warnings++
  })
  try {
    await page.addInitScript(INIT_SCRIPT)
    await page.addInitScript(RECORD_REDRAWS)
    await page.goto(bench.url, { timeout: 60_000 })
    await bench.ready(page)
    const app = await bench.app(page)
    const floor = await floorOf(app)
    await bench.connect(page, app)
    await frames(app)
    const targets = await pickTargets(app, bench.first)
    const screen = await onPage(page, app)
    const instances: number[] = []
    for (let index = 0; index < Math.min(TARGETS, targets.length); index++) {
      const target = targets[index] as { x: number; y: number }
      await markStep(app, 'select')
      const click = screen(target)
      await page.mouse.click(click.x, click.y)
      await frames(app)
      instances.push(await instancesAt(app, target))
      await markStep(app, 'hover')
      for (let hover = 1; hover <= HOVERS; hover++) {
        const over = screen(targets[(index + hover * 7) % targets.length] as { x: number; y: number })
        await page.mouse.move(over.x, over.y)
        await frames(app, 1)
      }
      await markStep(app, 'scroll')
      for (const direction of [1, -1]) {
        for (let step = 0; step < SCROLLS; step++) {
          await page.mouse.wheel(0, direction * SCROLL_STEP_PX)
          await frames(app)
        }
      }
      await app.evaluate(() => window.scrollTo(0, 0))
      await frames(app)
      if (bench.change) {
        await markStep(app, 'tree')
        await app.evaluate(async () => {
          const state = window as unknown as RedrawWindow
          const trees = state.__trees
          state.benchChange?.()
          while (state.__trees === trees) await new Promise((resolve) => requestAnimationFrame(resolve))
        })
        await frames(app)
      }
    }
    const { redraws, steps } = await app.evaluate(() => {
      const state = window as unknown as RedrawWindow
      return { redraws: state.__redraws, steps: state.__steps }
    })
    return {
      // Each redraw under the step it started in; those before the first step (the connection) are left out.
      redraws: redraws.flatMap(({ at, ...redraw }) => {
        const step = steps.filter((candidate) => candidate.at <= at).at(-1)?.step
        return step ? [{ step, ...redraw }] : []
      }),
      floor,
      instances,
      warnings,
    }
  } finally {
    await page.close()
  }
}

export async function benchInspectorRedraw(): Promise<boolean> {
  const browser = await chromium.launch({
    ...playwrightConfig.use?.launchOptions,
    executablePath: CHROMIUM_PATH,
    headless: true,
  })
  let ok = true
  const bars: ReportBar[] = []
  try {
    for (const make of [editorPage, marketplacePage, rowsPage]) {
      const bench = await make()
      try {
        // Warm the dev server (dependency optimisation, transforms) outside the measurements.
        const warm = await browser.newPage()
        await warm.goto(bench.url, { timeout: 180_000 })
        await bench.ready(warm)
        await warm.close()
        const loads: Load[] = []
        for (let load = 0; load < LOADS; load++) loads.push(await measureLoad(browser, bench))
        ok = report(bench, loads, bars) && ok
      } finally {
        await bench.close()
      }
    }
  } finally {
    await browser.close()
  }
  recordChart('inspector-redraw', {
    title: "The inspector's outline redraws during a session of input, against the layout-read floor (p95)",
    unit: 'ms',
    valueName: 'every redraw',
    baselineName: 'floor: read every element rect (median)',
    lowerIsBetter: true,
    bars,
    goal: FRAME_BUDGET_MS,
  })
  console.log(`\nredraw goal (p95 < ${FRAME_BUDGET_MS} ms) on every page: ${ok ? 'met' : 'MISSED'}`)
  return ok
}

/** Prints a page's table and adds its bar to `bars`; returns whether the page met the goal. */
function report(bench: BenchPage, loads: Load[], bars: ReportBar[]): boolean {
  const redraws = loads.flatMap((load) => load.redraws)
  const floor = median(loads.map((load) => load.floor.ms))
  const instances = loads.flatMap((load) => load.instances)
  const warnings = loads.reduce((sum, load) => sum + load.warnings, 0)
  const ms = (value: number) => `${value.toFixed(2)} ms`
  const label: Record<Step, string> = {
    select: 'after a click (selection)',
    hover: 'during hovers',
    scroll: 'during wheel scrolls',
    tree: 'after a state change (tree refresh)',
  }
  const row = (name: string, times: number[], goal = '') => {
    if (times.length === 0) return [name, '0', '', '', '', '', goal, '']
    const p95 = percentile(times, 95)
    return [
      name,
      String(times.length),
      ms(median(times)),
      ms(p95),
      (median(times) / floor).toFixed(3),
      (p95 / floor).toFixed(3),
      goal,
      goal ? (p95 < FRAME_BUDGET_MS ? 'met' : 'MISSED') : '',
    ]
  }
  const all = redraws.map((redraw) => redraw.ms)
  // The goal is the issue's: the p95. A single redraw over the budget (the console warning) is
  // counted and its cause shown (slowest), since on a shared machine one can be the scheduler's.
  const met = all.length > 0 && percentile(all, 95) < FRAME_BUDGET_MS
  if (all.length > 0) bars.push({ label: bench.name, value: percentile(all, 95), baseline: floor })
  printTable(
    'inspector-redraw',
    `inspector redraw, ${bench.name}: ${LOADS} page loads x ${TARGETS} selections (elements sharing the selected one's codebase id: median ${median(instances)}, at most ${Math.max(...instances)}), ${redraws.length} redraws; floor: ${loads[0]?.floor.elements} element rects read in one pass, median ${ms(floor)}`,
    ['redraws', 'count', 'p50', 'p95', 'p50 / floor', 'p95 / floor', 'goal', ''],
    [
      row('all', all, `p95 < ${FRAME_BUDGET_MS} ms`),
      ...STEPS.map((step) =>
        row(
          `  ${label[step]}`,
          redraws.filter((redraw) => redraw.step === step).map((redraw) => redraw.ms),
        ),
      ),
      row(
        "  all, without the page's pending layout",
        redraws.map((redraw) => redraw.ms - redraw.layoutMs),
      ),
      row(
        '  the hover outline alone',
        redraws.filter((redraw) => !redraw.whole).map((redraw) => redraw.ms),
      ),
      row(
        '  every outline',
        redraws.filter((redraw) => redraw.whole).map((redraw) => redraw.ms),
      ),
      row(
        `  every outline, ${MANY_OUTLINES}+ of them`,
        redraws
          .filter((redraw) => redraw.whole && redraw.outlines >= MANY_OUTLINES)
          .map((redraw) => redraw.ms),
      ),
      [
        `redraws over ${FRAME_BUDGET_MS} ms: in all / of own work`,
        `${redraws.filter((redraw) => redraw.ms > FRAME_BUDGET_MS).length} / ${redraws.filter((redraw) => redraw.ms - redraw.layoutMs > FRAME_BUDGET_MS).length}`,
        '',
        '',
        '',
        '',
        '',
        '',
      ],
      ['console warnings (frame budget)', String(warnings), '', '', '', '', '', ''],
    ],
  )
  const slowest = [...redraws].sort((a, b) => b.ms - a.ms).slice(0, 5)
  console.log(
    `slowest: ${slowest.map((redraw) => `${ms(redraw.ms)} (${redraw.step}, ${redraw.whole ? `every outline, ${redraw.outlines}` : 'the hover outline'}; the page's layout ${ms(redraw.layoutMs)})`).join(', ')}`,
  )
  return met
}
