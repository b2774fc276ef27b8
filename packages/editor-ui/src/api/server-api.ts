import {
  ACTIVITY_OPERATION,
  AGENT_ANSWER_PATH,
  AGENT_NEXT_PATH,
  AGENT_QUESTION_HEADER,
  AGENT_VIA_EDITOR_AUTHOR,
  type AgentAnswer,
  type AgentNextResponse,
  APP_ROUTES_PATH,
  type AppRoutesResponse,
  AUTHOR_HEADER,
  activityPath,
  CLASS_CSS_PATH,
  CLASS_SUGGESTIONS_PATH,
  type ClassCssResponse,
  type ClassSuggestionsRequest,
  type ClassSuggestionsResponse,
  COMPONENTS_PATH,
  type ComponentsResponse,
  DESIGN_TOKENS_PATH,
  type DesignTokensResponse,
  ELEMENT_PROPS_PATH,
  type ElementPropsRequest,
  type ElementPropsResponse,
  type HistoryResponse,
  historyPath,
  LOOKUPS_PATH,
  type LookupsResponse,
  type MutateErrorResponse,
  type MutateOperation,
  type MutateRequest,
  type MutateResponse,
  mutatePath,
  PROJECT_PATH,
  type ProjectResponse,
  TOKEN_HEADER,
} from 'vite-plugin-visual-edit/protocol'

/** A refusal of the dev server: its HTTP status, stable code and message (docs/MUTATE-API.md). */
export class ServerError extends Error {
  override name = 'ServerError'
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

/**
 * The dev server's API as the editor page calls it, on the editor's own origin (docs/SECURITY.md):
 * where the app is, the mutate routes and undo/redo of one canvas, the lookups, the classes' CSS,
 * the design system (class suggestions, theme tokens) and an element's props (the Props panel).
 * Every call carries the session token the editor got in its URL; no endpoint hands it out.
 */
export class ServerApi {
  readonly canvasId: string
  readonly #token: string

  constructor(canvasId: string, token: string) {
    this.canvasId = canvasId
    this.#token = token
  }

  /** Where the app is served (its port and base), and whether the token is this server's. */
  project(): Promise<ProjectResponse> {
    return this.#post(PROJECT_PATH, {})
  }

  /**
   * `forAgent`: the agent's question this page sends a coding agent's edit for (its history entry says
   * so, the answer has the diff, and the agent hears of it at once).
   */
  mutate<Operation extends MutateOperation>(
    operation: Operation,
    body: MutateRequest<Operation>,
    forAgent: string | null = null,
  ): Promise<MutateResponse> {
    return this.#post(
      mutatePath(this.canvasId, operation),
      body,
      undefined,
      forAgent === null
        ? {}
        : { [AUTHOR_HEADER]: AGENT_VIA_EDITOR_AUTHOR, [AGENT_QUESTION_HEADER]: forAgent },
    )
  }

  undo(): Promise<MutateResponse> {
    return this.#post(activityPath(this.canvasId, ACTIVITY_OPERATION.UNDO), {})
  }

  redo(): Promise<MutateResponse> {
    return this.#post(activityPath(this.canvasId, ACTIVITY_OPERATION.REDO), {})
  }

  /** The canvas's undo history (its entries, their files and diffs), which a reload of the editor keeps. */
  history(): Promise<HistoryResponse> {
    return this.#post(historyPath(this.canvasId), {})
  }

  lookups(ids: readonly string[]): Promise<LookupsResponse> {
    return this.#post(LOOKUPS_PATH, { ids })
  }

  /** The CSS the project's Tailwind generates for classes (for their instant update). */
  classCss(classes: readonly string[]): Promise<ClassCssResponse> {
    return this.#post(CLASS_CSS_PATH, { classes })
  }

  /**
   * What the project's Tailwind suggests for what the user typed in the class input (`md:bg-bl`), best
   * first, each with its CSS, a swatch or a value to show beside it.
   */
  classSuggestions(query: string, limit?: number): Promise<ClassSuggestionsResponse> {
    const body: ClassSuggestionsRequest = limit === undefined ? { query } : { query, limit }
    return this.#post(CLASS_SUGGESTIONS_PATH, body)
  }

  /** The theme's tokens (colours first for the colour picker) and how the project turns dark. */
  designTokens(): Promise<DesignTokensResponse> {
    return this.#post(DESIGN_TOKENS_PATH, {})
  }

  /** One element's props as written, its component's declared props type, and the components its file can render. */
  elementProps(id: string): Promise<ElementPropsResponse> {
    const body: ElementPropsRequest = { id }
    return this.#post(ELEMENT_PROPS_PATH, body)
  }

  /** The routes the app's code declares (react-router's, route objects), for the command palette. */
  appRoutes(): Promise<AppRoutesResponse> {
    return this.#post(APP_ROUTES_PATH, {})
  }

  /** The components the project's files export, with file:line and declared props (the Insert panel). */
  components(): Promise<ComponentsResponse> {
    return this.#post(COMPONENTS_PATH, {})
  }

  /** The agent bridge's long poll: the next question of a coding agent, or news of what one did. */
  agentNext(signal: AbortSignal): Promise<AgentNextResponse> {
    return this.#post(AGENT_NEXT_PATH, { canvasId: this.canvasId }, signal)
  }

  /** The answer to an agent's question (AgentNextResponse.question). */
  agentAnswer(answer: AgentAnswer): Promise<{ ok: boolean }> {
    return this.#post(AGENT_ANSWER_PATH, answer)
  }

  async #post<T>(
    path: string,
    body: unknown,
    signal?: AbortSignal,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: this.#token, ...headers },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    })
    if (!response.ok) throw await failure(response)
    return (await response.json()) as T
  }
}

async function failure(response: Response): Promise<ServerError> {
  const body = (await response.json().catch(() => null)) as MutateErrorResponse | null
  return new ServerError(
    response.status,
    body?.error.code ?? 'INTERNAL',
    body?.error.message ?? `The dev server answered ${response.status}.`,
  )
}
