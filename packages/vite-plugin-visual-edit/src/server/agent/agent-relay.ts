import { randomUUID } from 'node:crypto'
import {
  AGENT_CALL_TIMEOUT_MS,
  AGENT_POLL_MS,
  type AgentAnswer,
  type AgentNews,
  type AgentNextResponse,
  type AgentQuestion,
} from '../../protocol/agent.ts'
import { MutateError } from '../edit/mutate-error.ts'

/** An editor page counts as open this long after its last poll ended (it polls again at once). */
const EDITOR_GRACE_MS = 5_000
/** An agent counts as connected this long after its presence request ended (it sends the next at once). */
const AGENT_GRACE_MS = 3_000
/** How long an agent's presence request is held before it is answered (and sent again). */
export const PRESENCE_HOLD_MS = 20_000

interface Question {
  id: string
  question: AgentQuestion
  input: Record<string, unknown>
  /** An `apply`'s changes written so far (their responses, in order). */
  written: unknown[]
  resolve: (answer: { result: unknown; canvasId: string }) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
  canvasId: string | null
}

interface Poll {
  canvasId: string
  respond: (next: AgentNextResponse) => void
  timer: NodeJS.Timeout
}

/**
 * The dev server's side of the agent bridge: agents' questions wait here for an editor page's long
 * poll, which takes the next one and posts the answer back; what agents did waits here as news for
 * every editor page open. Agents and editor pages never talk to each other directly.
 */
export class AgentRelay {
  readonly #questions: Question[] = []
  readonly #asked = new Map<string, Question>()
  readonly #polls: Poll[] = []
  /** Canvas id -> when its page last polled (or is polling: Infinity). */
  readonly #editors = new Map<string, number>()
  readonly #news = new Map<string, AgentNews[]>()
  /** Agent presence id -> open presence requests and when the last one ended. */
  readonly #agents = new Map<string, { open: number; endedAt: number }>()
  #announced = 0

  /** The canvas of the editor page that polled last (an agent's edits go in its history), or null. */
  get canvasId(): string | null {
    let latest: [string, number] | null = null
    for (const entry of this.#editors)
      if (this.#open(entry[1]) && (!latest || entry[1] >= latest[1])) latest = entry
    return latest?.[0] ?? null
  }

  get agents(): number {
    const now = Date.now()
    let count = 0
    for (const agent of this.#agents.values())
      if (agent.open > 0 || now - agent.endedAt < AGENT_GRACE_MS) count++
    return count
  }

  #open(lastPoll: number): boolean {
    return Date.now() - lastPoll < EDITOR_GRACE_MS
  }

  /** Asks the editor page `question`; rejects NO_EDITOR when none is open, EDITOR_TIMEOUT when it does not answer. */
  ask(
    question: AgentQuestion,
    input: Record<string, unknown>,
  ): Promise<{ result: unknown; canvasId: string }> {
    if (this.canvasId === null) {
      return Promise.reject(
        new MutateError(
          'NO_EDITOR',
          'No editor page of this project is open. Open the editor URL `visual-edit edit` printed, then ask again.',
        ),
      )
    }
    return new Promise((resolve, reject) => {
      const id = randomUUID()
      const timer = setTimeout(() => {
        this.#drop(id)
        reject(
          new MutateError(
            'EDITOR_TIMEOUT',
            `The editor page did not answer ${question} within ${AGENT_CALL_TIMEOUT_MS / 1000} s.`,
          ),
        )
      }, AGENT_CALL_TIMEOUT_MS)
      timer.unref()
      const asked: Question = { id, question, input, resolve, reject, timer, canvasId: null, written: [] }
      this.#asked.set(id, asked)
      this.#questions.push(asked)
      this.#serve()
    })
  }

  /** An editor page's answer; false when the question is unknown (answered, timed out, or never asked). */
  answer(answer: AgentAnswer): boolean {
    const asked = this.#asked.get(answer.id)
    if (!asked) return false
    this.#drop(answer.id)
    clearTimeout(asked.timer)
    if (answer.error) asked.reject(new AgentRefusal(answer.error.code, answer.error.message))
    else asked.resolve({ result: answer.result, canvasId: asked.canvasId ?? '' })
    return true
  }

  /**
   * One change of an `apply` question written by the editor page: when all are, the agent has its
   * answer (`{ responses }`) without waiting for the page's.
   */
  wrote(id: string, response: unknown): void {
    const asked = this.#asked.get(id)
    if (asked?.question !== 'apply') return
    asked.written.push(response)
    const expected = Array.isArray(asked.input.changes) ? asked.input.changes.length : 0
    if (asked.written.length === expected) this.answer({ id, result: { responses: asked.written } })
  }

  /** Tells every open editor page what an agent did. */
  tell(news: AgentNews): void {
    for (const [canvasId, lastPoll] of this.#editors) {
      if (!this.#open(lastPoll)) continue
      this.#news.set(canvasId, [...(this.#news.get(canvasId) ?? []), news])
    }
    this.#serve()
  }

  /** An editor page's long poll: resolves with its next question or news, or nothing after AGENT_POLL_MS. */
  next(canvasId: string, onClose: (listener: () => void) => void): Promise<AgentNextResponse> {
    return new Promise((resolve) => {
      this.#editors.set(canvasId, Number.POSITIVE_INFINITY)
      const poll: Poll = {
        canvasId,
        respond: (next) => {
          clearTimeout(poll.timer)
          this.#polls.splice(this.#polls.indexOf(poll), 1)
          this.#editors.set(canvasId, Date.now())
          resolve(next)
        },
        timer: setTimeout(() => poll.respond(this.#empty(canvasId)), AGENT_POLL_MS),
      }
      poll.timer.unref()
      this.#polls.push(poll)
      onClose(() => {
        if (this.#polls.includes(poll)) poll.respond(this.#empty(canvasId))
      })
      this.#serve()
    })
  }

  /** An agent's presence request: resolves after PRESENCE_HOLD_MS, or when it closes. */
  present(agentId: string, onClose: (listener: () => void) => void): Promise<{ agents: number }> {
    const agent = this.#agents.get(agentId) ?? { open: 0, endedAt: 0 }
    agent.open++
    this.#agents.set(agentId, agent)
    this.#announce()
    return new Promise((resolve) => {
      let ended = false
      const end = () => {
        if (ended) return
        ended = true
        clearTimeout(timer)
        agent.open--
        agent.endedAt = Date.now()
        // Gone unless it comes back within the grace: then the pages are told.
        setTimeout(() => this.#announce(), AGENT_GRACE_MS + 50).unref()
        resolve({ agents: this.agents })
      }
      const timer = setTimeout(end, PRESENCE_HOLD_MS)
      timer.unref()
      onClose(end)
    })
  }

  #announce(): void {
    const agents = this.agents
    if (agents === this.#announced) return
    this.#announced = agents
    this.tell({ kind: 'presence', agents })
  }

  #empty(canvasId: string): AgentNextResponse {
    const news = this.#news.get(canvasId) ?? []
    this.#news.delete(canvasId)
    return { question: null, news, agents: this.agents }
  }

  #drop(id: string): void {
    this.#asked.delete(id)
    const at = this.#questions.findIndex((question) => question.id === id)
    if (at >= 0) this.#questions.splice(at, 1)
  }

  /** Hands waiting questions and news to the polls there are. */
  #serve(): void {
    for (const poll of [...this.#polls]) {
      const question = this.#questions.shift() ?? null
      const news = this.#news.get(poll.canvasId) ?? []
      if (!question && news.length === 0) continue
      if (question) question.canvasId = poll.canvasId
      this.#news.delete(poll.canvasId)
      poll.respond({
        question: question && { id: question.id, question: question.question, input: question.input },
        news,
        agents: this.agents,
      })
    }
  }
}

/** The editor page refused a question: its code and message go back to the agent as they are. */
export class AgentRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}
