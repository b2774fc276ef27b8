import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { createServer as createHttpsServer, type ServerOptions as HttpsOptions } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'

/** What answers a request on the editor's origin (the gate, the API, the page: see editor-origin.ts). */
export type EditorRequestHandler = (request: IncomingMessage, response: ServerResponse) => void

/**
 * The editor page, as a connect-style handler that calls `next` for a path it does not serve. Set by
 * the tool that serves the editor (the CLI); the plugin alone serves the API only.
 */
export type EditorPageHandler = (request: IncomingMessage, response: ServerResponse, next: () => void) => void

/**
 * The server of the editor's origin: a second HTTP(S) server in the dev server's process, on a port
 * of its own, so that the editor page and the mutate API are on an origin no script of the app can
 * reach (docs/SECURITY.md). One per project root and process, handed over when Vite restarts:
 *
 *   vite.config changes -> Vite creates the new dev server (its configureServer claims this server and
 *   attaches its own handler), then closes the old one (whose release is then a no-op)
 *
 * so the editor page, opened once with the token in its URL, keeps its origin, port and connections.
 * The dev server that holds it last closes it.
 */
export class EditorServer {
  readonly #server: Server
  readonly #sockets = new Set<Socket>()
  #handler: EditorRequestHandler | null = null
  #owner: object | null = null
  #port = 0
  /** The editor page; kept across dev server restarts, like the port. */
  page: EditorPageHandler | null = null

  constructor(https: HttpsOptions | undefined) {
    const answer = (request: IncomingMessage, response: ServerResponse) => {
      if (this.#handler) {
        this.#handler(request, response)
        return
      }
      response.statusCode = 503
      response.setHeader('Retry-After', '1')
      response.end('The dev server is restarting.')
    }
    this.#server = https ? createHttpsServer(https, answer) : createHttpServer(answer)
    this.#server.on('connection', (socket: Socket) => {
      this.#sockets.add(socket)
      socket.once('close', () => this.#sockets.delete(socket))
    })
  }

  /** The port it listens on (0 before `listen`). */
  get port(): number {
    return this.#port
  }

  /** Listens on `host` (undefined: every interface) and a free port. */
  listen(host: string | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject)
      this.#server.listen(0, host, () => {
        this.#server.off('error', reject)
        this.#port = (this.#server.address() as AddressInfo).port
        resolve()
      })
    })
  }

  /** From now on `owner`'s handler answers (a restarted dev server takes over from the old one). */
  attach(owner: object, handler: EditorRequestHandler): void {
    this.#owner = owner
    this.#handler = handler
  }

  /** Whether `owner` is the dev server that answers now. */
  ownedBy(owner: object): boolean {
    return this.#owner === owner
  }

  /** Closes the server and its connections (keep-alive ones included). */
  close(): Promise<void> {
    this.#handler = null
    this.#owner = null
    return new Promise((resolve) => {
      this.#server.close(() => resolve())
      for (const socket of this.#sockets) socket.destroy()
    })
  }
}

/** The editor servers of this process, by project root. */
const live = new Map<string, EditorServer>()

/**
 * The editor server of `root`: the one already listening for that root (Vite restarting), else a new
 * one on `host` and a free port. The caller attaches its handler.
 */
export async function openEditorServer(
  root: string,
  options: { host: string | undefined; https: HttpsOptions | undefined },
): Promise<EditorServer> {
  const running = live.get(root)
  if (running) return running
  const server = new EditorServer(options.https)
  live.set(root, server)
  try {
    await server.listen(options.host)
  } catch (error) {
    live.delete(root)
    throw error
  }
  return server
}

/** `owner` closes: the server closes with it, unless a restarted dev server has taken it over. */
export async function releaseEditorServer(root: string, owner: object): Promise<void> {
  const server = live.get(root)
  if (!server?.ownedBy(owner)) return
  live.delete(root)
  await server.close()
}
