/**
 * The generated React page of the inspector bench (bench/inspector.ts): sections of rows, served by a
 * Vite dev server with visualEdit(), and the script that records long tasks and the overlay's shadow
 * root before the page runs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import react from '@vitejs/plugin-react'
import type { ViteDevServer } from 'vite'
import { freePort } from '../packages/cli/src/network.ts'
import { visualEdit } from '../packages/vite-plugin-visual-edit/src/index.ts'
import { listenDevServer } from '../tests/helpers/dev-server.ts'

const REPO = path.resolve(import.meta.dirname, '..')

/** Elements per row (li, 2 spans, button, p, em) and per section (section, h2, ul) of the generated app. */
const ROW_ELEMENTS = 6
const ROWS_PER_SECTION = 50
const FIXED_ELEMENTS = 4

const APP = `import { memo, useCallback, useLayoutEffect, useState } from 'react'

type Item = { id: number; name: string; price: number; tags: string[] }

const Row = memo(function Row({ item, onSelect }: { item: Item; onSelect: (id: number) => void }) {
  return (
    <li className="row flex items-center gap-2">
      <span className="name font-bold">{item.name}</span>
      <span className="price text-sm">{item.price}</span>
      <button type="button" onClick={() => onSelect(item.id)}>
        Select
      </button>
      <p className="tags">
        <em>{item.tags.join(', ')}</em>
      </p>
    </li>
  )
})

function Section({ title, items, onSelect }: { title: string; items: Item[]; onSelect: (id: number) => void }) {
  return (
    <section className="section p-4">
      <h2>{title}</h2>
      <ul>
        {items.map((item) => (
          <Row key={item.id} item={item} onSelect={onSelect} />
        ))}
      </ul>
    </section>
  )
}

const WORDS = ['Teak', 'Sofa', 'Lamp', 'Desk', 'Chair', 'Shelf', 'Rug', 'Clock']

function makeSections(rows: number): { title: string; items: Item[] }[] {
  const sections: { title: string; items: Item[] }[] = []
  for (let id = 0; id < rows; id++) {
    if (id % ${ROWS_PER_SECTION} === 0) sections.push({ title: 'Section ' + sections.length, items: [] })
    sections[sections.length - 1].items.push({
      id,
      name: WORDS[id % WORDS.length] + ' ' + id,
      price: 100 + ((id * 37) % 900),
      tags: [WORDS[(id + 3) % WORDS.length], WORDS[(id + 5) % WORDS.length]],
    })
  }
  return sections
}

export function App({ rows }: { rows: number }) {
  const [sections] = useState(() => makeSections(rows))
  const [changes, setChanges] = useState(0)
  const onSelect = useCallback((id: number) => console.log('selected', id), [])
  ;(window as unknown as { benchChange: () => void }).benchChange = () => setChanges((count) => count + 1)
  // When each commit of the app ended (bench/inspector-idle.ts times the app by it).
  useLayoutEffect(() => {
    const state = window as unknown as { benchCommits?: number[] }
    ;(state.benchCommits ??= []).push(performance.now())
  })
  return (
    <main className="app">
      <header>
        <h1>Inventory</h1>
        <p>{changes} changes</p>
      </header>
      {sections.map((section) => (
        <Section key={section.title} title={section.title} items={section.items} onSelect={onSelect} />
      ))}
    </main>
  )
}
`

const MAIN = `import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'

const rows = Number(new URLSearchParams(location.search).get('rows') ?? '10')
createRoot(document.getElementById('root') as HTMLElement).render(<App rows={rows} />)
`

const HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>inspector bench</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`

/** One build as the bench page times it: from the request or DOM mutation to NAV_TREE, and its measure. */
export interface BenchBuild {
  start: number
  end: number
  /** Time worked inside the build's slices, and their number (its User Timing measure). */
  work: number
  slices: number
}

/** What bench/inspector.ts sets up in the page when it connects as the editor. */
export interface BenchWindow {
  trees: { at: number; payload: unknown }[]
  /** The bench app's state change (one text node). */
  benchChange: () => void
  /** An explicit whole walk (initProject), or a change and the refresh after it, timed. */
  build: (kind: 'walk' | 'change') => Promise<BenchBuild>
}

/** Runs before the page's scripts: long-task recording, and the overlay's closed shadow root kept. */
export const INIT_SCRIPT = `(() => {
  // tsx compiles this file with esbuild's keepNames: functions passed to page.evaluate call __name.
  window.__name = (fn) => fn
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  const attach = Element.prototype.attachShadow
  window.__shadowRoots = []
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init)
    window.__shadowRoots.push(root)
    return root
  }
})()`

const CROSS_ORIGIN_ISOLATED = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
}

export function rowsFor(elements: number): number {
  return Math.max(1, Math.round((elements - FIXED_ELEMENTS) / (ROW_ELEMENTS + 3 / ROWS_PER_SECTION)))
}

export async function startServer(): Promise<{ url: string; server: ViteDevServer; remove: () => void }> {
  const tmp = path.join(REPO, 'tests', '.tmp')
  mkdirSync(tmp, { recursive: true })
  const dir = mkdtempSync(path.join(tmp, 'inspector-bench-'))
  mkdirSync(path.join(dir, 'src'))
  writeFileSync(path.join(dir, 'index.html'), HTML)
  writeFileSync(path.join(dir, 'src', 'main.tsx'), MAIN)
  writeFileSync(path.join(dir, 'src', 'App.tsx'), APP)
  // The page connects to its own inspector, as no real editor does (it has an origin of its own:
  // docs/SECURITY.md), so the app's origin is allowed as an editor's.
  const port = await freePort('127.0.0.1')
  const { server, url } = await listenDevServer({
    root: dir,
    cacheDir: path.join(dir, '.vite'),
    plugins: [visualEdit({ allowedOrigins: [`http://127.0.0.1:${port}`] }), react()],
    optimizeDeps: { include: ['react', 'react-dom/client', 'react/jsx-dev-runtime'] },
    // Cross-origin isolated, so performance.now() counts in 5 us steps instead of 100 us: a hover of
    // half a millisecond is otherwise measured as 0.5 or 0.6.
    server: { headers: CROSS_ORIGIN_ISOLATED, port, strictPort: true },
  })
  return { url, server, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * Connects to the inspector as the editor does (a MessageChannel posted with 'init', then
 * initProject) and waits for the first tree; `window.benchCall(name, args)` then calls an inspector
 * function and resolves with its reply.
 */
export async function connectAsEditor(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const state = window as unknown as {
      benchCall: (name: string, args: unknown[]) => Promise<{ result?: unknown; error?: string }>
    }
    const channel = new MessageChannel()
    const pending = new Map<number, (reply: { result?: unknown; error?: string }) => void>()
    let tree: () => void = () => {}
    const treeArrived = new Promise<void>((resolve) => {
      tree = resolve
    })
    channel.port1.onmessage = (event) => {
      const data = event.data as { id?: number; type?: string; result?: unknown; error?: string }
      if (typeof data.id === 'number') pending.get(data.id)?.(data)
      else if (data.type === 'NAV_TREE') tree()
    }
    let next = 0
    state.benchCall = (functionName, args) =>
      new Promise((resolve) => {
        const id = ++next
        pending.set(id, resolve)
        channel.port1.postMessage({ id, type: 'executeFunction', payload: { functionName, args } })
      })
    window.postMessage('init', location.origin, [channel.port2])
    await new Promise((resolve) => setTimeout(resolve, 100))
    await state.benchCall('initProject', [{ storyboardId: 'bench' }])
    await treeArrived
  })
}
