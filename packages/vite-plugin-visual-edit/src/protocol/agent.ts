import * as v from 'valibot'

export * from './agent-limits.ts'

/**
 * The agent bridge (docs/AGENTS.md): `visual-edit mcp` finds a running `visual-edit edit` of the same
 * project through its session file, and reaches the editor page through the dev server, which relays
 * its questions (what is selected?) and tells the editor what the agent did. Every path is a gated
 * POST with the session token, on the editor's origin, like the mutate routes.
 */

/** The agent asks the editor page something and waits for its answer (AGENT_CALL_TIMEOUT_MS at most). */
export const AGENT_CALL_PATH = '/__visual-edit/agent/call'
/** The editor page's long poll: the next question or news for it, or nothing after AGENT_POLL_MS. */
export const AGENT_NEXT_PATH = '/__visual-edit/agent/next'
/** The editor page's answer to a question it was given. */
export const AGENT_ANSWER_PATH = '/__visual-edit/agent/answer'
/** An agent's presence: held open while the agent runs (its close says it left). */
export const AGENT_PRESENCE_PATH = '/__visual-edit/agent/presence'
/** What an agent reads first: the canvas of the open editor page (its edits go in that history). */
export const AGENT_STATUS_PATH = '/__visual-edit/agent/status'

export interface AgentStatusResponse {
  /** The canvas of the editor page that polled last; null when no editor page is open. */
  canvasId: string | null
  agents: number
}

/** Request header that marks a mutate or activity request as an agent's (its history entry says so). */
export const AUTHOR_HEADER = 'x-visual-edit-author'
export const AGENT_AUTHOR = 'agent'
/** The editor page sending an agent's edit through its own ledger (shown at once): the agent's, no news. */
export const AGENT_VIA_EDITOR_AUTHOR = 'agent-via-editor'
/**
 * With AGENT_VIA_EDITOR_AUTHOR: the `apply` question the edit answers. Once every change of it is
 * written, the server answers the agent with their responses at once (the editor's own answer, later,
 * is then moot); a refusal waits for the editor's answer, which takes the others back.
 */
export const AGENT_QUESTION_HEADER = 'x-visual-edit-agent-question'

export const AGENT_CALL_TIMEOUT_MS = 10_000
export const AGENT_POLL_MS = 20_000
/** An answer carries a PNG of the selection: larger than a mutate body. */
export const MAX_AGENT_ANSWER_BYTES = 8 * 1024 * 1024

/** What an agent may ask the editor page. */
export const AGENT_QUESTIONS = ['get_selection', 'undo', 'redo', 'apply'] as const
export type AgentQuestion = (typeof AGENT_QUESTIONS)[number]

export const agentCallSchema = v.object(
  {
    question: v.picklist(AGENT_QUESTIONS, `one of ${AGENT_QUESTIONS.join(', ')}`),
    input: v.optional(v.record(v.string(), v.unknown()), {}),
  },
  'a JSON object',
)
export type AgentCall = v.InferOutput<typeof agentCallSchema>

/** What the agent did, told to the editor page (it updates its undo steps and history, and says so). */
export type AgentNews =
  | { kind: 'applied'; entries: number; files: string[] }
  | { kind: 'presence'; agents: number }

/** The answer of AGENT_NEXT_PATH: a question to answer, news, or nothing (poll again). */
export interface AgentNextResponse {
  question: { id: string; question: AgentQuestion; input: Record<string, unknown> } | null
  news: AgentNews[]
  /** Agents connected now. */
  agents: number
}

export const agentNextSchema = v.object(
  { canvasId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/)) },
  'a JSON object',
)

export const agentAnswerSchema = v.object(
  {
    id: v.pipe(v.string(), v.maxLength(100)),
    result: v.optional(v.unknown()),
    error: v.optional(v.object({ code: v.string(), message: v.string() })),
  },
  'a JSON object',
)
export type AgentAnswer = v.InferOutput<typeof agentAnswerSchema>

/** The answer of AGENT_CALL_PATH: the editor's result, or its refusal. */
export type AgentCallResponse =
  | { ok: true; result: unknown; canvasId: string }
  | { ok: false; error: { code: string; message: string } }

/** One element of the selection as `get_selection` gives it. */
export interface AgentSelectedElement {
  codebaseId: string
  file: string | null
  line: number | null
  column: number | null
  tag: string
  /** Component names above it in the page, outermost first. */
  componentStack: string[]
  classes: { name: string; css?: string }[]
  /** `value`: the text, when static; `source`: the code it comes from, when dynamic (`{listing.title}`). */
  text: { kind: 'none' | 'static' | 'dynamic'; value?: string; source?: string }
  props: Record<string, unknown>
  styles: Record<string, string>
  outerHTML: string | null
  /** `data:image/png;base64,...` of the element as the page shows it; null when it could not be drawn. */
  png: string | null
  pngError?: string
}

export interface AgentSelection {
  route: string
  elements: AgentSelectedElement[]
}

/** Where a running session of a project can be reached, written by the dev server (0600, per user). */
export interface AgentSessionFile {
  version: 1
  pid: number
  root: string
  /** The editor's origin (the API's): `http://127.0.0.1:5174`. */
  origin: string
  token: string
  startedAt: number
}
