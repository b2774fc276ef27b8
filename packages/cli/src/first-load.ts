import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { ViteDevServer } from 'vite'

/** A module of the dev server's module graph, as Vite 5 to 8 all keep it. */
interface GraphModule {
  url: string
  importedModules: Set<GraphModule>
  /** Of `importedModules`, those a script imports statically (set by Vite's import analysis; not typed). */
  staticImportedUrls?: Set<string>
}

interface ModuleGraph {
  getModuleByUrl(url: string): Promise<GraphModule | undefined>
}

/** How often the page's modules are walked at most before the server is called ready anyway. */
const MAX_WALKS = 5

/** Vite's error for a request of an optimized dependency that a newer optimizer run has replaced. */
const OUTDATED_DEPENDENCY = 'ERR_OUTDATED_OPTIMIZED_DEP'

/**
 * The `src` of each module script of a page:
 *
 *   '<script type="module" src="/@vite/client"></script><script src="/legacy.js">'  ->  ['/@vite/client']
 */
export function moduleScripts(html: string): string[] {
  const sources: string[] = []
  for (const [, attributes = ''] of html.matchAll(/<script\b([^>]*)>/gi)) {
    if (!/\btype\s*=\s*(["']?)module\1(?=[\s/]|$)/i.test(attributes)) continue
    const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes)
    const value = src?.[1] ?? src?.[2] ?? src?.[3]
    if (value && !/^[a-z][a-z\d+.-]*:|^\/\//i.test(value)) sources.push(value)
  }
  return sources
}

/**
 * A URL as the page requests it, as `transformRequest` takes it (what Vite's transform middleware
 * does to a request): without the base, `/@id/` unwrapped, without `?import`.
 *
 *   ('/shop/@id/__x00__virtual:x?import', '/shop/')  ->  '\0virtual:x'
 */
function requestUrl(url: string, base: string): string {
  let id = base !== '/' && url.startsWith(base) ? `/${url.slice(base.length)}` : url
  if (id.startsWith('/@id/')) id = id.slice('/@id/'.length).replace('__x00__', '\0')
  return id.replace(/([?&])import=?(?:&|$)/, '$1').replace(/[?&]$/, '')
}

/**
 * Transforms the page's module scripts and every module they import statically, as a browser's
 * first load of the page would ask for them, and returns the URLs it went through (optimized
 * dependencies with their `?v=` version). A module that fails to transform is left for the browser to
 * report; `outdated` is set when an optimized dependency was asked for under a version a newer
 * optimizer run replaced.
 */
async function walkFirstLoad(
  server: ViteDevServer,
  graph: ModuleGraph,
  scripts: string[],
): Promise<{ urls: string[]; outdated: boolean }> {
  const seen = new Set<string>()
  let outdated = false
  const visit = async (imported: string): Promise<void> => {
    // The graph's URLs have no base; a virtual module's may be wrapped as the page asks for it.
    const url = requestUrl(imported, '/')
    if (seen.has(url)) return
    seen.add(url)
    try {
      // An optimized dependency's transform waits for the optimizer run that bundles it.
      await server.transformRequest(url)
    } catch (error) {
      if ((error as { code?: unknown }).code === OUTDATED_DEPENDENCY) outdated = true
      return
    }
    const module = await graph.getModuleByUrl(url).catch(() => undefined)
    if (!module) return
    // Only a script's imports: a stylesheet's "imports" are the files it watches (Tailwind's sources).
    const statics = module.staticImportedUrls
    if (!statics) return
    const imports = [...module.importedModules].map((each) => each.url)
    await Promise.all(imports.filter((each) => statics.has(each)).map(visit))
  }
  await Promise.all(scripts.map(visit))
  return { urls: [...seen].sort(), outdated }
}

/**
 * Gets the project's page ready for a browser's first load before anyone is told where it is.
 *
 * On a first start (no dependency cache), Vite optimizes the dependencies its scanner finds in the
 * background and serves the page meanwhile: the page waits for the whole run (tens of seconds for
 * the marketplace on a busy machine). And a dependency found only once a page loads (an import a
 * plugin's transform adds, a computed import) makes Vite optimize again and reload the page: the
 * modules the page loaded in between can import React under two versions (`?v=`), and a page that
 * misses the reload (its HMR socket not yet open) stays blank with 'Invalid hook call'. The editor's
 * frame is such a page, and so is the browser `--open` starts.
 *
 * So the server makes the first load itself first: index.html through every plugin (the inspector's
 * script included), each module its scripts import statically, transformed (Vite discovers the
 * dependencies they import while its first optimization can still take them in), and each optimized
 * dependency they import, whose transform waits for that optimization to end. It walks again until
 * a walk finds the same modules and versions as the one before (an optimizer run in between changes
 * them). The page a browser loads next is served at once, from one settled set of dependencies. With
 * the cache in place, the walk costs the transforms the first load would have made anyway.
 */
export async function prepareFirstLoad(server: ViteDevServer): Promise<void> {
  const index = path.join(server.config.root, 'index.html')
  if (!existsSync(index)) return
  const base = server.config.base || '/'
  // Vite 6 and later keep a module graph per environment; Vite 5 has the one graph.
  const environments = server.environments as ViteDevServer['environments'] | undefined
  const graph = (environments?.client?.moduleGraph ?? server.moduleGraph) as unknown as ModuleGraph
  let previous: string | undefined
  for (let walk = 0; walk < MAX_WALKS; walk++) {
    let html: string
    try {
      // The URL Vite's own middleware transforms the page under (the base taken off).
      html = await server.transformIndexHtml('/index.html', await readFile(index, 'utf8'))
    } catch {
      // The browser's request of the page shows the same error, with Vite's overlay.
      return
    }
    const { urls, outdated } = await walkFirstLoad(
      server,
      graph,
      moduleScripts(html).map((url) => requestUrl(url, base)),
    )
    const key = urls.join('\n')
    if (!outdated && key === previous) return
    previous = key
  }
}
