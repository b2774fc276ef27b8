import { readSessionFile } from 'vite-plugin-visual-edit'
import type { AgentSessionFile } from 'vite-plugin-visual-edit/protocol'
import { FilesSession } from './files-session.ts'
import { LiveSession } from './live-session.ts'

/** Where a tool call works, and what its answer says about it. */
export type Connection =
  | { mode: 'files'; note: string }
  | { mode: 'editor'; note: string; live: LiveSession; canvasId: string | null }

const FILES_NOTE =
  'No `visual-edit edit` session of this project is running: this works on the files alone (no selection, no live page). Start `visual-edit edit` to edit with the running app.'

/**
 * The project as the tools see it: its files (always), and the running `visual-edit edit` of it when
 * there is one, found again at every call (it may start or stop while the agent works).
 */
/** How long a found connection is used before the session is looked for again (an agent's burst of calls). */
const CONNECTION_TTL_MS = 1000

export class Workspace {
  readonly files: FilesSession
  #live: { session: AgentSessionFile; live: LiveSession } | null = null
  #known: { connection: Connection; at: number } | null = null

  constructor(dir: string) {
    this.files = new FilesSession(dir)
  }

  async connection(): Promise<Connection> {
    if (this.#known && performance.now() - this.#known.at < CONNECTION_TTL_MS) return this.#known.connection
    const connection = await this.#connect()
    this.#known = { connection, at: performance.now() }
    return connection
  }

  async #connect(): Promise<Connection> {
    let session: AgentSessionFile | null
    try {
      session = readSessionFile(this.files.root)
    } catch (error) {
      return {
        mode: 'files',
        note: `${FILES_NOTE} (${error instanceof Error ? error.message : String(error)})`,
      }
    }
    if (!session) return this.#filesMode()
    if (this.#live?.session.startedAt !== session.startedAt || this.#live.session.pid !== session.pid) {
      this.#live?.live.stopPresence()
      this.#live = { session, live: new LiveSession(session) }
    }
    const { live } = this.#live
    let canvasId: string | null
    try {
      canvasId = (await live.status()).canvasId
    } catch (error) {
      return {
        mode: 'files',
        note: `A \`visual-edit edit\` session of this project was found at ${live.origin} but did not answer (${error instanceof Error ? error.message : String(error)}); working on the files alone.`,
      }
    }
    live.startPresence()
    return {
      mode: 'editor',
      live,
      canvasId,
      note: canvasId
        ? `Connected to the running visual-edit editor at ${live.origin}: edits show in its page at once and sit in its history beside the user's.`
        : `Connected to the running visual-edit dev server at ${live.origin}, but no editor page is open: edits reach the app's page; open the editor to see the selection and the history.`,
    }
  }

  #filesMode(): Connection {
    this.#live?.live.stopPresence()
    this.#live = null
    return { mode: 'files', note: FILES_NOTE }
  }

  close(): void {
    this.#live?.live.stopPresence()
  }
}
