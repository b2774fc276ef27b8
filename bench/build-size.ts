/** What a production build makes the browser download up front, and the floor it is compared with. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

export interface InitialJavaScript {
  files: { name: string; gzip: number }[]
  /** Gzip bytes of them all. */
  total: number
}

/** Gzip bytes of the JavaScript index.html loads up front: the entry module and its modulepreloads. */
export function initialJavaScript(outDir: string): InitialJavaScript {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8')
  const sources = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1] as string)
  // Built with a base (the editor's /__visual-edit/): the files are under outDir without it.
  const base = /^\/[^/]+\/assets\//
  const files = [...new Set(sources)].map((source) => ({
    name: source,
    gzip: gzipSync(readFileSync(path.join(outDir, source.replace(base, 'assets/').replace(/^\//, ''))))
      .length,
  }))
  return { files, total: files.reduce((sum, file) => sum + file.gzip, 0) }
}

/**
 * The floor of a React page's JavaScript: React and ReactDOM rendering one element, built by the same
 * Vite with the same React plugin, in `work/bare`.
 */
export async function bareReactJavaScript(work: string): Promise<InitialJavaScript> {
  const bare = path.join(work, 'bare')
  mkdirSync(path.join(bare, 'src'), { recursive: true })
  writeFileSync(
    path.join(bare, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>\n',
  )
  writeFileSync(
    path.join(bare, 'src', 'main.tsx'),
    "import { createRoot } from 'react-dom/client'\ncreateRoot(document.getElementById('root') as HTMLElement).render(<p>hello</p>)\n",
  )
  await build({
    root: bare,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: path.join(bare, 'dist') },
  })
  return initialJavaScript(path.join(bare, 'dist'))
}
