import { randomBytes } from 'node:crypto'
import { VisualEditError } from 'vite-plugin-visual-edit'
import {
  ACTIVITY_OPERATION,
  AGENT_AUTHOR,
  AGENT_CALL_PATH,
  AGENT_PRESENCE_PATH,
  AGENT_STATUS_PATH,
  type AgentCallResponse,
  type AgentQuestion,
  type AgentSessionFile,
  type AgentStatusResponse,
  AUTHOR_HEADER,
  activityPath,
  type HistoryResponse,
  historyPath,
  type MutateOperation,
  type MutateResponse,
  mutatePath,
  TOKEN_HEADER,
} from 'vite-plugin-visual-edit/protocol'

/** The canvas an agent's edits go to when no editor page is open (undo and history follow it). */
export const AGENT_CANVAS = 'agent'

/** A refusal of the running session, with the server's or the editor's code. */
const refusal = (code: string, message: string) => new VisualEditError(code, message)

/**
 * A running `visual-edit edit` of the project, reached over its editor origin with the session token
 * from its session file (as the editor page itself reaches it): the mutate routes, the history, and
 * the editor page through the agent bridge (protocol/agent.ts).
 */
export class LiveSession {
  readonly #session: AgentSessionFile
  readonly #agentId = randomBytes(8).toString('hex')
  #present: AbortController | null = null

  constructor(session: AgentSessionFile) {
    this.#session = session
  }

  get origin(): string {
    return this.#session.origin
  }

  async #post<Answer>(path: string, body: unknown, signal?: AbortSignal): Promise<Answer> {
    const response = await fetch(`${this.#session.origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TOKEN_HEADER]: this.#session.token,
        [AUTHOR_HEADER]: AGENT_AUTHOR,
      },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    })
    const answer = (await response.json()) as Answer & { error?: { code: string; message: string } }
    if (!response.ok) {
      const error = answer.error ?? { code: 'INTERNAL', message: `${path} answered ${response.status}.` }
      throw refusal(error.code, error.message)
    }
    return answer
  }

  status(): Promise<AgentStatusResponse> {
    return this.#post(AGENT_STATUS_PATH, {})
  }

  /** Asks the open editor page; its refusal (or NO_EDITOR) is thrown with its code. */
  async ask<Result>(question: AgentQuestion, input: Record<string, unknown> = {}): Promise<Result> {
    const answer = await this.#post<AgentCallResponse>(AGENT_CALL_PATH, { question, input })
    if (!answer.ok) throw refusal(answer.error.code, answer.error.message)
    return answer.result as Result
  }

  mutate(canvasId: string, operation: string, body: unknown): Promise<MutateResponse> {
    return this.#post(mutatePath(canvasId, operation as MutateOperation), body)
  }

  undo(canvasId: string): Promise<MutateResponse> {
    return this.#post(activityPath(canvasId, ACTIVITY_OPERATION.UNDO), {})
  }

  redo(canvasId: string): Promise<MutateResponse> {
    return this.#post(activityPath(canvasId, ACTIVITY_OPERATION.REDO), {})
  }

  history(canvasId: string): Promise<HistoryResponse> {
    return this.#post(historyPath(canvasId), {})
  }

  /** Keeps this agent shown as connected in the editor until `stop` (one held request after another). */
  startPresence(): void {
    if (this.#present) return
    const controller = new AbortController()
    this.#present = controller
    const loop = async () => {
      while (!controller.signal.aborted) {
        try {
          await this.#post(AGENT_PRESENCE_PATH, { agent: this.#agentId }, controller.signal)
        } catch {
          // The server stopped or restarted: the next tool call finds the session again.
          if (!controller.signal.aborted) this.#present = null
          return
        }
      }
    }
    void loop()
  }

  stopPresence(): void {
    this.#present?.abort()
    this.#present = null
  }
}
