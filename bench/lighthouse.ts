/**
 * Lighthouse on the marketplace's production build (issue 33), driving the system Chromium:
 *
 *   npm run bench -- lighthouse [--runs N] [--mobile-only]
 *
 * 1. /, /search and /listing/L1001 of the production build, served with its backend (the demo data)
 *    as `vite preview` serves it (marketplace-build.ts): performance, accessibility and best practices,
 *    mobile (Lighthouse's default: a Moto G Power on slow 4G with a 4x CPU slowdown) and desktop,
 *    both with Lighthouse's default simulated throttling. Each page runs `--runs` times (3 by default)
 *    and the figures are Lighthouse's median run (computeMedianRun: closest to the median FCP and TTI),
 *    with the range of the performance scores beside them. Goal: 95 or more in each category.
 * 2. The metrics the performance score is made of (FCP, LCP, TBT, CLS, SI), so a missed goal says
 *    which, and the audits that lost points. TBT is the machine's: it is the main thread's work as
 *    this machine did it, times the CPU slowdown; Lighthouse's benchmark index of the run is printed.
 * 3. Baselines in the same run: an empty page (one heading, no script: the floor of this machine and
 *    this Lighthouse) and the marketplace's /about (the same scripts and styles, no listings to read).
 * 4. The editor page's accessibility (`visual-edit edit` on a copy of the marketplace, as `npm start`
 *    runs it, its URL with the token), desktop. Goal: 95 or more.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { MARKETPLACE, startCliProject } from '../tests/e2e/projects/cli-project.ts'
import {
  auditPage,
  type CategoryId,
  describeLost,
  type LighthouseBrowser,
  launchLighthouseBrowser,
  type PageAudit,
} from '../tests/helpers/lighthouse.ts'
import { serveMarketplaceBuild } from './marketplace-build.ts'
import { recordChart, recordTable } from './report/record.ts'
import { formatTable, ratio } from './report.ts'

const AREA = 'lighthouse'
const GOAL = 95
const CATEGORIES: readonly CategoryId[] = ['performance', 'accessibility', 'best-practices']
const PAGES = ['/', '/search', '/listing/L1001']
const EMPTY_PAGE = '(empty page)'
const ABOUT_PAGE = '/about'

type FormFactor = 'mobile' | 'desktop'

/** An empty page: a heading, a title, no script, no stylesheet, on a loopback port. */
async function serveEmptyPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="An empty page."><link rel="icon" href="data:,"><title>Empty</title></head>' +
    '<body><h1>An empty page</h1></body></html>'
  const server: Server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}

const ms = (value: number | undefined) => (value === undefined ? '-' : `${Math.round(value)} ms`)

/** One table row: scores, the median run's metrics, the range of performance scores, the goal. */
function row(name: string, audit: PageAudit, baseline: PageAudit | undefined, goal: boolean): string[] {
  const { scores, metrics } = audit
  const met = CATEGORIES.every((id) => (scores[id] ?? 0) >= GOAL)
  const range = audit.performanceScores
  return [
    name,
    String(scores.performance ?? '-'),
    `${Math.min(...range)}-${Math.max(...range)}`,
    String(scores.accessibility ?? '-'),
    String(scores['best-practices'] ?? '-'),
    ms(metrics.fcp),
    ms(metrics.lcp),
    baseline?.metrics.lcp && metrics.lcp ? ratio(metrics.lcp, baseline.metrics.lcp) : '-',
    ms(metrics.tbt),
    metrics.cls === undefined ? '-' : metrics.cls.toFixed(3),
    ms(metrics.si),
    String(Math.round(audit.benchmarkIndex)),
    goal ? (met ? 'met' : 'MISSED') : 'baseline',
  ]
}

const HEADER = [
  'page',
  'perf',
  'perf range',
  'a11y',
  'best pr.',
  'FCP',
  'LCP',
  'LCP / about',
  'TBT',
  'CLS',
  'SI',
  'bench index',
  `each >= ${GOAL}`,
]

/** Every page and baseline in one form factor; prints and records its table. Returns whether the goals held. */
async function benchFormFactor(
  browser: LighthouseBrowser,
  formFactor: FormFactor,
  marketplaceUrl: string,
  emptyUrl: string,
  runs: number,
): Promise<boolean> {
  const audit = (url: string) => auditPage(browser, url, { categories: CATEGORIES, formFactor, runs })
  const empty = await audit(emptyUrl)
  const about = await audit(new URL(ABOUT_PAGE, marketplaceUrl).href)
  const pages: [string, PageAudit][] = []
  for (const page of PAGES) pages.push([page, await audit(new URL(page, marketplaceUrl).href)])

  const rows = [
    row(EMPTY_PAGE, empty, about, false),
    row(ABOUT_PAGE, about, about, false),
    ...pages.map(([name, result]) => row(name, result, about, true)),
  ]
  const title = `Lighthouse ${formFactor}, the marketplace's production build (median of ${runs} runs, simulated throttling)`
  console.log(`\n${title}`)
  console.log(formatTable(HEADER, rows))
  recordTable(AREA, { title, header: HEADER, rows })
  recordChart(AREA, {
    title: `Lighthouse performance score, ${formFactor}`,
    unit: 'score',
    valueName: 'the page',
    baselineName: 'the empty page',
    lowerIsBetter: false,
    goal: GOAL,
    bars: pages.map(([name, result]) => ({
      label: name,
      value: result.scores.performance ?? 0,
      baseline: empty.scores.performance ?? 0,
    })),
  })

  let ok = true
  for (const [name, result] of pages) {
    const missed = CATEGORIES.filter((id) => (result.scores[id] ?? 0) < GOAL)
    if (missed.length === 0) continue
    ok = false
    for (const id of missed) {
      console.log(`\n${formFactor} ${name}, ${id} ${result.scores[id]}: what lost points`)
      console.log(describeLost(result.lost[id] ?? []))
    }
  }
  return ok
}

/** The editor page's accessibility, on a copy of the marketplace served by `visual-edit edit`. */
async function auditEditorPage(browser: LighthouseBrowser): Promise<boolean> {
  const project = await startCliProject('marketplace', MARKETPLACE)
  try {
    const result = await auditPage(browser, project.editorUrl, {
      categories: ['accessibility'],
      formFactor: 'desktop',
      throttling: 'provided',
    })
    const score = result.scores.accessibility ?? 0
    const title =
      "Lighthouse accessibility, the editor page (visual-edit edit on the marketplace's copy, desktop)"
    const rows = [['the editor page', String(score), score >= GOAL ? 'met' : 'MISSED']]
    const header = ['page', 'accessibility', `>= ${GOAL}`]
    console.log(`\n${title}`)
    console.log(formatTable(header, rows))
    recordTable(AREA, { title, header, rows })
    if (score < GOAL) console.log(describeLost(result.lost.accessibility ?? []))
    return score >= GOAL
  } finally {
    await project.stop()
  }
}

/** `--runs N` (3 by default) and `--mobile-only`. */
function parseArgs(args: string[]): { runs: number; formFactors: FormFactor[] } {
  const at = args.indexOf('--runs')
  const runs = at === -1 ? 3 : Number(args[at + 1])
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs takes a whole number of runs, not '${args[at + 1]}'`)
  return { runs, formFactors: args.includes('--mobile-only') ? ['mobile'] : ['mobile', 'desktop'] }
}

export async function benchLighthouse(args: string[]): Promise<boolean> {
  const { runs, formFactors } = parseArgs(args)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-bench-'))
  const started = Date.now()
  let ok = true
  try {
    const served = await serveMarketplaceBuild(dataDir)
    const empty = await serveEmptyPage()
    const browser = await launchLighthouseBrowser()
    try {
      // One unmeasured pass over the pages: the backend's first queries, the server's first reads.
      for (const page of [ABOUT_PAGE, ...PAGES]) {
        await auditPage(browser, new URL(page, served.url).href, {
          categories: ['accessibility'],
          throttling: 'provided',
        })
      }
      for (const formFactor of formFactors) {
        ok = (await benchFormFactor(browser, formFactor, served.url, empty.url, runs)) && ok
      }
      ok = (await auditEditorPage(browser)) && ok
    } finally {
      await browser.close()
      await empty.close()
      await served.close()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  console.log(
    `\nlighthouse: ${((Date.now() - started) / 1000).toFixed(0)} s, ${ok ? 'every goal met' : 'a goal MISSED'}`,
  )
  return ok
}
