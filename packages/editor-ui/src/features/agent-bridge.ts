import type {
  AgentNews,
  AgentNextResponse,
  AgentSelectedElement,
  AgentSelection,
  AnyChange,
  CapturedElement,
  CssEvalsPayload,
  ElementKey,
  ElementLookup,
  MutateResponse,
  NavTreeNode,
} from 'vite-plugin-visual-edit/protocol'
import { AGENT_PNG_MAX_SIDE, changeForRequest, MAX_AGENT_HTML_CHARS } from 'vite-plugin-visual-edit/protocol'
import type { ServerApi } from '../api/server-api.ts'
import { CHANGE_NAMES } from '../ledger/change-item.ts'
import type { SubmitOptions, SubmitOutcome } from '../ledger/ledger.ts'
import type { MirroredBridge } from '../port/mirrored-bridge.ts'
import { agentContext } from './agent-context.ts'
import type { Slice, SliceStore } from './slice.ts'

export interface AgentState {
  agent: {
    /** Coding agents connected to this project's session (`visual-edit mcp`). */
    connected: number
  }
}

/** The computed styles an agent is given: what decides how an element looks and sits. */
export const AGENT_STYLE_PROPERTIES = [
  'display',
  'position',
  'width',
  'height',
  'margin',
  'padding',
  'gap',
  'flex-direction',
  'justify-content',
  'align-items',
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'text-align',
  'border',
  'border-radius',
  'box-shadow',
  'opacity',
  'z-index',
] as const

/** Waits after a failed poll before the next (the dev server restarting, the network gone). */
const RETRY_MS = 2_000

const PNG_DATA = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/
/** A PNG of AGENT_PNG_MAX_SIDE² at 4 bytes a pixel, base64: nothing larger is the inspector's. */
const MAX_PNG_CHARS = Math.ceil((AGENT_PNG_MAX_SIDE * AGENT_PNG_MAX_SIDE * 4 * 4) / 3) + 64

/**
 * The capture as the page answered it, checked: the app's scripts share the frame and can answer in
 * the inspector's place, so only a string outerHTML of the size it cuts at and a PNG data URL pass.
 */
export function checkedCapture(reply: unknown): CapturedElement {
  const value = (typeof reply === 'object' && reply !== null ? reply : {}) as Record<string, unknown>
  const html = value.outerHTML
  const png = value.png
  return {
    outerHTML: typeof html === 'string' && html.length <= MAX_AGENT_HTML_CHARS + 1 ? html : null,
    png: typeof png === 'string' && png.length <= MAX_PNG_CHARS && PNG_DATA.test(png) ? png : null,
    ...(typeof value.pngError === 'string' ? { pngError: value.pngError.slice(0, 300) } : {}),
  }
}

/** What the bridge needs of the editor's other features. */
export interface AgentBridgeDeps {
  api: Pick<ServerApi, 'agentNext' | 'agentAnswer' | 'classCss'>
  bridge: Pick<MirroredBridge, 'call'>
  selected: () => readonly ElementKey[]
  nodeOf: (key: ElementKey) => NavTreeNode | undefined
  nodes: () => readonly NavTreeNode[]
  lookup: (
    codebaseId: string,
  ) =>
    | Pick<
        ElementLookup,
        'file' | 'line' | 'column' | 'tagName' | 'text' | 'staticText' | 'textSource' | 'classes'
      >
    | undefined
  href: () => string
  step: (direction: 'undo' | 'redo', action: string) => Promise<SubmitOutcome>
  /** Sends a change through the ledger (shown at once, then written), as the editor's own are. */
  submit: (action: string, change: AnyChange, options: SubmitOptions) => Promise<SubmitOutcome>
  /** An agent's edits landed on this canvas: the ledger's undo reaches them, the history shows them. */
  applied: (entries: number) => void
  toast: (toast: { kind: 'info' | 'success' | 'error'; title: string; detail?: string }) => void
  /** Puts text on the clipboard (rejects with why it could not). */
  writeClipboard: (text: string) => Promise<void>
}

/**
 * The editor page's side of the agent bridge (protocol/agent.ts): a long poll on the dev server that
 * brings a coding agent's questions (what is selected, undo, redo) and news (its presence, its edits),
 * answered from this page's state. Runs from `start` to `stop`.
 */
export class AgentBridge {
  readonly #slice: Slice<AgentState>
  readonly #deps: AgentBridgeDeps
  #controller: AbortController | null = null

  constructor(store: SliceStore<unknown>, deps: AgentBridgeDeps) {
    this.#slice = store.slice<AgentState>({ agent: { connected: 0 } })
    this.#deps = deps
  }

  get state(): AgentState {
    return this.#slice.state
  }

  start(): void {
    if (this.#controller) return
    const controller = new AbortController()
    this.#controller = controller
    void this.#poll(controller.signal)
  }

  stop(): void {
    this.#controller?.abort()
    this.#controller = null
  }

  async #poll(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let next: AgentNextResponse
      try {
        next = await this.#deps.api.agentNext(signal)
      } catch (error) {
        if (signal.aborted) return
        console.warn('[visual-edit] The agent bridge lost the dev server; trying again.', error)
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
        continue
      }
      this.#connected(next.agents)
      for (const news of next.news) this.#news(news)
      if (next.question) void this.#answer(next.question)
    }
  }

  #connected(agents: number): void {
    if (agents !== this.state.agent.connected) this.#slice.set({ agent: { connected: agents } })
  }

  #news(news: AgentNews): void {
    if (news.kind === 'presence') {
      this.#connected(news.agents)
      return
    }
    this.#deps.applied(news.entries)
    const files = news.files
    this.#deps.toast({
      kind: 'info',
      title: `Your coding agent changed ${files.length === 1 ? files[0] : `${files.length} files`}`,
      detail: 'It is in the history: undo takes it back.',
    })
  }

  async #answer(question: NonNullable<AgentNextResponse['question']>): Promise<void> {
    let answer: { id: string; result?: unknown; error?: { code: string; message: string } }
    try {
      answer = { id: question.id, result: await this.#result(question.id, question.question, question.input) }
    } catch (error) {
      const code =
        typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'INTERNAL'
      answer = {
        id: question.id,
        error: { code, message: error instanceof Error ? error.message : String(error) },
      }
    }
    await this.#deps.api.agentAnswer(answer).catch((error: unknown) => {
      console.warn('[visual-edit] An answer to the coding agent was lost (it sees a timeout).', error)
    })
  }

  async #result(id: string, question: string, input: Record<string, unknown>): Promise<unknown> {
    switch (question) {
      case 'get_selection':
        return this.selection()
      case 'undo':
      case 'redo':
        return this.#step(question)
      case 'apply':
        return this.#apply(id, input)
      default:
        throw Object.assign(new Error(`The editor does not answer '${question}'.`), { code: 'BAD_REQUEST' })
    }
  }

  /**
   * An agent's changes (`{ operation, body }`, elements by codebase id), sent through the ledger as one
   * undo step: the page shows each at once, then its file is written, as the user's own edits. One the
   * server refuses takes back the ones of the step that went: all or nothing.
   */
  async #apply(questionId: string, input: Record<string, unknown>): Promise<{ responses: MutateResponse[] }> {
    const requests = Array.isArray(input.changes) ? input.changes : []
    const changes = requests.map((request) => {
      const { operation, body } = (typeof request === 'object' && request !== null ? request : {}) as Record<
        string,
        unknown
      >
      return typeof operation === 'string' && typeof body === 'object' && body !== null
        ? changeForRequest(operation, body as Record<string, unknown>)
        : null
    })
    if (changes.length === 0 || changes.some((change) => change === null)) {
      throw Object.assign(
        new Error('The editor shows only the changes it can make itself; send these to the server.'),
        {
          code: 'BAD_REQUEST',
        },
      )
    }
    const step = `agent-${crypto.randomUUID()}`
    const outcomes = await Promise.all(
      (changes as AnyChange[]).map((change) =>
        this.#deps.submit(`${CHANGE_NAMES[change.type]} by your agent`, change, {
          step,
          forAgent: questionId,
        }),
      ),
    )
    const refused = outcomes.find((outcome) => !outcome.ok)
    if (refused && !refused.ok) {
      if (outcomes.some((outcome) => outcome.ok))
        await this.#deps.step('undo', "Undo of your agent's refused edit")
      const code = (refused.error as { code?: unknown }).code
      throw Object.assign(new Error(refused.error.message), {
        code: typeof code === 'string' ? code : 'INTERNAL',
      })
    }
    const responses = outcomes.map((outcome) =>
      outcome.ok ? outcome.response : { ok: true as const, files: [] },
    )
    const files = [...new Set(responses.flatMap((response) => response.files))]
    this.#deps.toast({
      kind: 'info',
      title: `Your coding agent changed ${files.length === 1 ? files[0] : `${files.length} files`}`,
      detail: 'It is in the history: undo takes it back.',
    })
    return { responses }
  }

  async #step(direction: 'undo' | 'redo'): Promise<{ message: string; files: string[] }> {
    const outcome = await this.#deps.step(
      direction,
      direction === 'undo' ? 'Undo (by your agent)' : 'Redo (by your agent)',
    )
    if (!outcome.ok) {
      const code = (outcome.error as { code?: unknown }).code
      throw Object.assign(new Error(outcome.error.message), {
        code: typeof code === 'string' ? code : 'INTERNAL',
      })
    }
    return {
      message: direction === 'undo' ? 'Undone in the editor.' : 'Redone in the editor.',
      files: outcome.response.files ?? [],
    }
  }

  /** What is selected, for `get_selection`: every element with its code, page and (`picture`) a PNG of it. */
  async selection(picture = true): Promise<AgentSelection> {
    const elements = await Promise.all(this.#deps.selected().map((key) => this.#element(key, picture)))
    let route = this.#deps.href()
    if (URL.canParse(route)) {
      const url = new URL(route)
      route = `${url.pathname}${url.search}${url.hash}`
    }
    return { route, elements }
  }

  /**
   * Copy for agent: the selection as compact text (features/agent-context.ts) on the clipboard, and a
   * toast that says so, or why the clipboard refused.
   */
  async copyForAgent(): Promise<void> {
    const count = this.#deps.selected().length
    if (count === 0) {
      this.#deps.toast({ kind: 'info', title: 'Select an element to copy it for your agent.' })
      return
    }
    try {
      await this.#deps.writeClipboard(agentContext(await this.selection(false)))
      this.#deps.toast({
        kind: 'success',
        title: `Copied ${count === 1 ? 'the element' : `${count} elements`} for your agent`,
      })
    } catch (error) {
      this.#deps.toast({
        kind: 'error',
        title: 'The clipboard refused the copy.',
        detail: `${error instanceof Error ? error.message : String(error)} Click the editor and try again.`,
      })
    }
  }

  async #element(key: ElementKey, picture: boolean): Promise<AgentSelectedElement> {
    const { bridge, api } = this.#deps
    const node = this.#deps.nodeOf(key)
    const lookup = this.#deps.lookup(key.codebaseId)
    const [evals, capture] = await Promise.all([
      (bridge.call('getCssEvals', key) as Promise<CssEvalsPayload | null>).catch((error: unknown) => {
        console.warn("[visual-edit] The page did not give an agent the element's styles.", error)
        return null
      }),
      bridge.call('captureElement', key, { picture }).then(checkedCapture, (error: unknown) => ({
        outerHTML: null,
        png: null,
        pngError: error instanceof Error ? error.message : String(error),
      })),
    ])
    const classNames = lookup?.classes ?? node?.classList ?? []
    // The CSS of each Tailwind class (null for the project's own classes).
    const css =
      classNames.length > 0
        ? (
            await api.classCss(classNames).catch((error: unknown) => {
              console.warn("[visual-edit] The classes' CSS was not read for the agent.", error)
              return null
            })
          )?.css
        : undefined
    const styles: Record<string, string> = {}
    for (const property of AGENT_STYLE_PROPERTIES) {
      const value = evals?.styles?.[property]
      if (typeof value === 'string' && value !== '') styles[property] = value
    }
    const props: Record<string, unknown> = {}
    for (const [name, prop] of Object.entries(node?.props ?? {})) props[name] = prop.value
    return {
      codebaseId: key.codebaseId,
      file: lookup?.file ?? null,
      line: lookup?.line ?? null,
      column: lookup?.column === undefined ? null : lookup.column + 1,
      tag: lookup?.tagName ?? node?.name ?? 'unknown',
      componentStack: this.#components(node),
      classes: classNames.map((name) => {
        const rule = css?.[name]
        return typeof rule === 'string' ? { name, css: rule } : { name }
      }),
      text: {
        kind: lookup?.text ?? 'none',
        ...(lookup?.staticText !== undefined ? { value: lookup.staticText } : {}),
        ...(lookup?.textSource !== undefined ? { source: lookup.textSource } : {}),
      },
      props,
      styles,
      outerHTML: capture.outerHTML,
      png: capture.png,
      ...(capture.pngError ? { pngError: capture.pngError } : {}),
    }
  }

  /** The component nodes above `node` in the page, outermost first. */
  #components(node: NavTreeNode | undefined): string[] {
    const nodes = this.#deps.nodes()
    const stack: string[] = []
    for (let at = node?.parent ?? null; at !== null && at !== undefined; at = nodes[at]?.parent ?? null) {
      const above = nodes[at]
      if (above?.isComponent) stack.unshift(above.name)
    }
    return stack
  }
}
