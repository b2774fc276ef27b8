import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import {
  findVisualEditContext,
  type VisualEditContext,
  type VisualEditOptions,
  visualEdit,
} from '../../packages/vite-plugin-visual-edit/src/index.ts'
import { copyFixture } from './temp-project.ts'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  json: () => unknown
}

export interface MutateTestServer extends MutateClient {
  dir: string
  /** The app's dev server (the pages, the modules, the project's CSS). */
  url: string
  /** The editor's origin: the mutate API and the editor's other endpoints (docs/SECURITY.md). */
  apiUrl: string
  token: string
  context: VisualEditContext
  server: ViteDevServer
  /** Tags a module the way a browser request would, filling the element index. */
  load: (file: string) => Promise<void>
  /** Ids of `file`'s elements with `tagName`, in source order. */
  idsOf: (file: string, tagName: string) => string[]
  file: (relative: string) => string
  close: () => Promise<void>
}

/**
 * A copy of a fixture project served by a real dev server with visualEdit() on a free loopback port,
 * and an HTTP client for its mutate API on the editor's origin (raw node:http, so tests control every
 * header).
 */
export async function startMutateServer(
  fixture = 'mutate-app',
  options: VisualEditOptions = {},
): Promise<MutateTestServer> {
  const project = copyFixture(fixture)
  const server = await createServer({
    root: project.dir,
    configFile: false,
    logLevel: 'silent',
    plugins: visualEdit({ token: 'test-token-0123456789', ...options }),
    server: { host: '127.0.0.1', port: 0, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('dev server has no port')
  const url = `http://127.0.0.1:${address.port}`
  const context = findVisualEditContext(server.config.plugins)
  if (!context) throw new Error('visualEdit() is not in the config')

  if (!context.editor) throw new Error("visualEdit() did not open the editor's origin")
  const apiUrl = `http://127.0.0.1:${context.editor.port}`
  const client = mutateClient(apiUrl, context.token)

  return {
    dir: project.dir,
    url,
    apiUrl,
    token: context.token,
    context,
    server,
    load: async (file) => {
      await server.transformRequest(`/${file}`)
    },
    idsOf: (file, tagName) =>
      context.index
        .elementsOf(path.join(project.dir, file))
        .filter((element) => element.tagName === tagName)
        .map((element) => element.id),
    file: (relative) => path.join(project.dir, relative),
    ...client,
    close: async () => {
      await server.close()
      project.remove()
    },
  }
}

/** The mutate API's HTTP client, as the editor page calls it. */
export interface MutateClient {
  /** A JSON POST to a mutate route (under /canvases/test-canvas/parseAndMutate/ unless it starts with /), with the page's origin and the session token; `headers` override them. */
  post: (route: string, body: unknown, headers?: OutgoingHttpHeaders) => Promise<RawResponse>
  raw: (options: {
    method?: string
    path: string
    headers?: OutgoingHttpHeaders
    body?: string | Buffer
  }) => Promise<RawResponse>
}

/**
 * A client of the mutate API at `url`, the editor's origin (raw node:http, so tests control every
 * header, Host and Origin included).
 */
export function mutateClient(url: string, token: string): MutateClient {
  const { hostname, port, host, origin } = new URL(url)
  const raw: MutateClient['raw'] = ({ method = 'POST', path: requestPath, headers = {}, body }) =>
    new Promise((resolve, reject) => {
      const request = httpRequest(
        { host: hostname, port, method, path: requestPath, headers: { host, ...headers } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: text,
              json: () => JSON.parse(text),
            })
          })
        },
      )
      request.on('error', reject)
      if (body !== undefined) request.write(body)
      request.end()
    })
  return {
    raw,
    post: (route, body, headers = {}) =>
      raw({
        path: route.startsWith('/') ? route : `/canvases/test-canvas/parseAndMutate/${route}`,
        headers: { 'content-type': 'application/json', origin, 'x-visual-edit-token': token, ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
  }
}
