import type { ServerResponse } from 'node:http'
import type { Connect, Logger } from 'vite'
import { EDITOR_PATH } from '../../protocol/mutate-api.ts'
import { MutateError } from '../edit/mutate-error.ts'
import { checkHost, checkPeer, type GateOptions, header, hostnameOf, isLoopbackName } from '../gate/guard.ts'
import { sendError } from '../gate/middleware.ts'
import type { EditorPageHandler, EditorRequestHandler } from './editor-server.ts'
import { appFrameAncestors, EDITOR_ORIGIN_HEADERS } from './headers.ts'

/** The editor's origin as a browser reaches it through `hostname` (`::1` is written `[::1]`). */
export function editorOriginFor(protocol: 'http' | 'https', hostname: string, port: number): string {
  const host = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname
  return `${protocol}://${host}:${port}`
}

/**
 * Everything the editor's origin answers, in order: its headers (headers.ts) on every answer; the
 * Host and peer checks for every request, the page's included (a DNS-rebinding page gets nothing);
 * the API (`api`, the gated mutate middleware); the editor page when a tool registered one (`page`);
 * else 404. `/` leads to the page (the URL's fragment, and with it the token, survives the redirect).
 */
export function editorOriginHandler(options: {
  gate: GateOptions
  api: Connect.NextHandleFunction
  page: () => EditorPageHandler | null
  logger: Logger
}): EditorRequestHandler {
  const { gate, api, page, logger } = options
  const notFound = (response: ServerResponse, pathname: string) =>
    sendError(
      response,
      new MutateError(
        'NOT_FOUND',
        page()
          ? `Nothing at ${pathname} on the editor's origin; the editor is at ${EDITOR_PATH}.`
          : "visual-edit's API answers here, but no editor page is served by this dev server: start it with `npx visual-edit edit`, which prints the editor's URL.",
      ),
      logger,
    )
  return (request, response) => {
    for (const [name, value] of Object.entries(EDITOR_ORIGIN_HEADERS)) response.setHeader(name, value)
    const pathname = (request.url ?? '/').split('?')[0] ?? '/'
    try {
      checkHost(request, gate)
      checkPeer(request, gate)
    } catch (error) {
      sendError(response, error, logger)
      return
    }
    api(request as Connect.IncomingMessage, response, () => {
      const editorPage = page()
      if (pathname === '/' && editorPage && (request.method === 'GET' || request.method === 'HEAD')) {
        response.statusCode = 302
        response.setHeader('Location', EDITOR_PATH)
        response.end()
        return
      }
      if (editorPage) editorPage(request, response, () => notFound(response, pathname))
      else notFound(response, pathname)
    })
  }
}

/** Paths that belong to the editor's origin; the app's server never answers them itself. */
const EDITOR_PATHS = /^\/(?:__visual-edit(?:[/?]|$)|canvases\/)/

/**
 * The app's dev server while visual-edit runs: every answer may be framed only by the editor (and the
 * allowed origins, and the app itself: appFrameAncestors); the editor's paths are not served here
 * (the API is on the editor's origin, where no script of the app can reach it): a GET of the editor's
 * page is sent to the editor's origin, anything else is a 404 that says where the editor is.
 */
export function appGuard(options: {
  gate: GateOptions
  editorPort: () => number
  logger: Logger
}): Connect.NextHandleFunction {
  const { gate, editorPort, logger } = options
  return (request, response, next) => {
    const host = header(request, 'host')
    const hostname = host ? hostnameOf(host) : null
    const known = hostname !== null && (isLoopbackName(hostname) || gate.allowedHosts.includes(hostname))
    const port = editorPort()
    const editorOrigin = known && port > 0 ? editorOriginFor(gate.protocol, hostname, port) : null
    response.setHeader('Content-Security-Policy', appFrameAncestors(editorOrigin, gate.allowedOrigins))
    const url = request.url ?? '/'
    if (!EDITOR_PATHS.test(url)) {
      next()
      return
    }
    if (
      editorOrigin &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      url.startsWith('/__visual-edit')
    ) {
      response.statusCode = 302
      const search = url.includes('?') ? url.slice(url.indexOf('?')) : ''
      response.setHeader('Location', `${editorOrigin}${EDITOR_PATH}${search}`)
      response.end()
      return
    }
    sendError(
      response,
      new MutateError(
        'NOT_FOUND',
        "The editor and visual-edit's API are not served on the app's origin: open the editor URL visual-edit printed when it started.",
      ),
      logger,
    )
  }
}

/**
 * Where the editor's server listens, given the dev server's `server.host`: where the dev server does
 * when it is loopback (the same name resolves to the same address, so the editor is reached through
 * the host name the app is); every interface or the named one only with `allowRemote`; else loopback.
 *
 *   (undefined, false) -> 'localhost'     ('127.0.0.1', false) -> '127.0.0.1'
 *   ('0.0.0.0', false) -> 'localhost'     ('0.0.0.0', true)    -> '0.0.0.0'     (true, true) -> undefined
 */
export function editorHost(devHost: string | boolean | undefined, allowRemote: boolean): string | undefined {
  if (devHost === true) return allowRemote ? undefined : 'localhost'
  if (devHost === undefined || devHost === false || devHost === '') return 'localhost'
  const plain = devHost.replace(/^\[(.*)\]$/, '$1')
  return allowRemote || isLoopbackName(plain.toLowerCase()) ? plain : 'localhost'
}
