/**
 * Lighthouse (the npm package, pinned at 12.2.3, which runs on the project's Node 20) driving the
 * system Chromium, for `npm run bench -- lighthouse` and the marketplace's Lighthouse test. The browser
 * is started here with a DevTools port of its own (`--remote-debugging-port=0`, the port read from
 * what Chromium prints), so neither Playwright nor chrome-launcher sits between Lighthouse and it.
 *
 * With Chromium 156, this Lighthouse's trace engine fails on the trace's frame events: the diagnostics
 * built on them (the LCP element, the layout shifts' culprits, render-blocking resources) end in an
 * error. They weigh nothing in any score; the metrics and every scored audit are computed.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import lighthouse, { type Config, desktopConfig, type Flags, type Result } from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { CHROMIUM_PATH } from '../../playwright.config.ts'

/** The categories the marketplace is held to (issue 33). */
export type CategoryId = 'performance' | 'accessibility' | 'best-practices'

/** A browser Lighthouse connects to through its DevTools port. */
export interface LighthouseBrowser {
  port: number
  close(): Promise<void>
}

/**
 * Starts headless Chromium with a DevTools port on 127.0.0.1 and a profile of its own (removed on
 * close). The flags are the project's for every browser it starts (no background traffic, no GPU).
 */
export async function launchLighthouseBrowser(): Promise<LighthouseBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-chromium-'))
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    rmSync(profile, { recursive: true, force: true })
  }
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools port:\n${output}`)), 30_000)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const listening = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(output)
      if (listening?.[1]) {
        clearTimeout(timer)
        resolve(Number(listening[1]))
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(
        new Error(`Chromium (${CHROMIUM_PATH}) exited with ${code} before its DevTools port:\n${output}`),
      )
    })
  }).catch(async (error: unknown) => {
    await close()
    throw error
  })
  return { port, close }
}

/** An audit that lost points in a category: what a failing score is made of. */
export interface LostAudit {
  id: string
  title: string
  score: number
  /** The audit's own figure ("1.2 s", "3 elements"), when it has one. */
  displayValue?: string
  /** The first elements it found (CSS selector and a piece of their HTML), for accessibility audits. */
  nodes: string[]
  /** The first URLs or messages it found (an unused script, a console error's text), for the others. */
  urls: string[]
}

/**
 * One page's run (the median run when there were several): its scores (0-100), the performance
 * metrics when that category ran, what lost points.
 */
export interface PageAudit {
  url: string
  /** Every run's performance score, in run order (one per run; empty without performance). */
  performanceScores: number[]
  /** Lighthouse's measure of this machine's speed at the median run (higher is faster; see NOTES.md). */
  benchmarkIndex: number
  scores: Partial<Record<CategoryId, number>>
  /** FCP, LCP, TBT, SI in ms, CLS unitless, as Lighthouse's (simulated) metrics; empty without performance. */
  metrics: Partial<Record<MetricId, number>>
  lost: Partial<Record<CategoryId, LostAudit[]>>
  /** The full result, for anything else a caller wants to read (the LCP element, the diagnostics). */
  lhr: Result
}

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const
export type MetricId = keyof typeof METRICS

export interface AuditOptions {
  categories: readonly CategoryId[]
  /** Lighthouse's default is mobile (a Moto G Power, slow 4G and a 4x CPU slowdown, simulated). */
  formFactor?: 'mobile' | 'desktop'
  /**
   * 'simulate' (Lighthouse's default: one fast load, the metrics computed for the throttled device) or
   * 'provided' (no throttling at all: enough for accessibility and best practices, which read the
   * page, not its timing).
   */
  throttling?: 'simulate' | 'provided'
  /** Runs of the page; the one reported is Lighthouse's median run (closest to the median FCP and TTI). */
  runs?: number
}

/** Runs Lighthouse on `url` in `browser` (one run at a time per browser: Lighthouse owns the tab). */
export async function auditPage(
  browser: LighthouseBrowser,
  url: string,
  options: AuditOptions,
): Promise<PageAudit> {
  const flags: Flags = {
    port: browser.port,
    hostname: '127.0.0.1',
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...options.categories],
    throttlingMethod: options.throttling ?? 'simulate',
    // The screenshot of the whole page is for the HTML report, which nobody reads here.
    disableFullPageScreenshot: true,
  }
  const config: Config | undefined = options.formFactor === 'desktop' ? desktopConfig : undefined
  const runs: Result[] = []
  for (let run = 0; run < (options.runs ?? 1); run++) {
    const result = await lighthouse(url, flags, config)
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
    const { runtimeError } = result.lhr
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`)
    runs.push(result.lhr)
  }
  const lhr = runs.length > 1 && options.categories.includes('performance') ? computeMedianRun(runs) : runs[0]
  if (!lhr) throw new Error(`Lighthouse on ${url}: no run (runs: ${options.runs})`)
  return {
    ...summarize(url, lhr, options.categories),
    performanceScores: runs.flatMap((run) =>
      run.categories.performance?.score == null ? [] : [Math.round(run.categories.performance.score * 100)],
    ),
  }
}

/** The scores, metrics and lost audits of one run. */
function summarize(
  url: string,
  lhr: Result,
  categories: readonly CategoryId[],
): Omit<PageAudit, 'performanceScores'> {
  const scores: PageAudit['scores'] = {}
  const lost: PageAudit['lost'] = {}
  for (const id of categories) {
    const category = lhr.categories[id]
    if (!category) throw new Error(`Lighthouse on ${url} has no '${id}' category`)
    if (category.score === null) {
      const errors = category.auditRefs.flatMap((ref) => lhr.audits[ref.id]?.errorMessage ?? [])
      throw new Error(`Lighthouse on ${url} gave '${id}' no score: ${errors.join('; ')}`)
    }
    scores[id] = Math.round(category.score * 100)
    // Performance: the metrics (weighted) and the opportunities and diagnostics (weight 0) that say why.
    lost[id] = category.auditRefs
      .filter((ref) => ref.weight > 0 || id === 'performance')
      .flatMap((ref) => {
        const audit = lhr.audits[ref.id]
        if (!audit || audit.score === null || audit.score >= 1) return []
        if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') return []
        return [lostAudit(audit)]
      })
  }
  const metrics: PageAudit['metrics'] = {}
  if (categories.includes('performance')) {
    for (const [name, id] of Object.entries(METRICS) as [MetricId, string][]) {
      const value = lhr.audits[id]?.numericValue
      if (value !== undefined) metrics[name] = value
    }
  }
  return { url, scores, metrics, lost, lhr, benchmarkIndex: lhr.environment.benchmarkIndex }
}

type AuditResult = Result['audits'][string]

/** An audit with the first three places it found (its details' items: elements, URLs, messages). */
function lostAudit(audit: AuditResult): LostAudit {
  const items = (audit.details as { items?: unknown[] } | undefined)?.items ?? []
  const nodes: string[] = []
  const urls: string[] = []
  for (const item of items.slice(0, 3)) {
    const { node, url, description, value } = item as {
      node?: { selector?: string; snippet?: string }
      url?: unknown
      description?: unknown
      value?: unknown
    }
    if (node?.selector) nodes.push(`${node.selector} ${node.snippet?.slice(0, 120) ?? ''}`.trim())
    // A console error's text (errors-in-console), a deprecation's (deprecations).
    const text = typeof description === 'string' ? description : typeof value === 'string' ? value : ''
    if (typeof url === 'string' || text) urls.push([url, text.slice(0, 160)].filter(Boolean).join(' '))
  }
  return {
    id: audit.id,
    title: audit.title,
    score: audit.score ?? 0,
    ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    nodes,
    urls,
  }
}

/** "color-contrast (Background and foreground colors do not have ...): main > p <p ...>" per line. */
export function describeLost(audits: readonly LostAudit[]): string {
  return audits
    .map((audit) => {
      const where = [...audit.nodes, ...audit.urls].join(' | ')
      const figure = audit.displayValue ? ` [${audit.displayValue}]` : ''
      return `${audit.id} (${audit.title})${figure}${where ? `: ${where}` : ''}`
    })
    .join('\n')
}
