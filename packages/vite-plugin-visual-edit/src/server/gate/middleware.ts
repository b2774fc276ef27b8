import type { IncomingMessage, ServerResponse } from 'node:http'
import * as v from 'valibot'
import type { Connect, Logger } from 'vite'
import {
  AGENT_AUTHOR,
  AGENT_QUESTION_HEADER,
  AGENT_VIA_EDITOR_AUTHOR,
  AUTHOR_HEADER,
} from '../../protocol/agent.ts'
import { APP_ROUTES_PATH, type AppRoutesResponse } from '../../protocol/app-routes.ts'
import { CLASS_CSS_PATH, type ClassCssResponse, classCssRequestSchema } from '../../protocol/class-css.ts'
import { COMPONENTS_PATH, type ComponentsResponse } from '../../protocol/components.ts'
import {
  CLASS_SUGGESTIONS_PATH,
  type ClassSuggestionsResponse,
  classSuggestionsRequestSchema,
  DESIGN_TOKENS_PATH,
  type DesignTokensResponse,
} from '../../protocol/design-system.ts'
import {
  ELEMENT_PROPS_PATH,
  type ElementPropsResponse,
  elementPropsRequestSchema,
} from '../../protocol/element-props.ts'
import { ProtocolErrorMessage } from '../../protocol/errors.ts'
import { HISTORY_OPERATION, type HistoryResponse } from '../../protocol/history.ts'
import { LOOKUPS_PATH, type LookupsResponse, lookupsRequestSchema } from '../../protocol/lookups.ts'
import {
  type MutateErrorResponse,
  type MutateResponse,
  PROJECT_PATH,
  type ProjectResponse,
} from '../../protocol/mutate-api.ts'
import { ACTIVITY_OPERATION } from '../../protocol/mutate-routes.ts'
import { bodyIssueMessage } from '../../protocol/schema-issues.ts'
import { projectComponents } from '../components/project-components.ts'
import { classSuggestions } from '../design-system/class-suggestions.ts'
import { designTokens } from '../design-system/design-tokens.ts'
import { replay } from '../edit/activities.ts'
import { describeElements } from '../edit/describe-elements.ts'
import { historyView } from '../edit/history-view.ts'
import { MutateError } from '../edit/mutate-error.ts'
import type { MutationServices } from '../edit/mutation.ts'
import { FileLocks } from '../edit/source-file.ts'
import { OPERATIONS } from '../mutate/index.ts'
import { elementProps } from '../props/element-props.ts'
import { appRoutes } from '../routes/app-routes.ts'
import { classCss } from '../tailwind/class-css.ts'
import {
  checkContentType,
  checkHost,
  checkOrigin,
  checkPeer,
  checkToken,
  type GateOptions,
  header,
  readJsonBody,
} from './guard.ts'

const ROUTE = /^\/canvases\/([^/]+)\/parseAndMutate\/(mutate|activities)\/([^/]+)$/
const CANVAS_ID = /^[A-Za-z0-9_-]{1,200}$/

function send(
  response: ServerResponse,
  status: number,
  body:
    | MutateResponse
    | MutateErrorResponse
    | HistoryResponse
    | ProjectResponse
    | LookupsResponse
    | ClassCssResponse
    | ClassSuggestionsResponse
    | DesignTokensResponse
    | ElementPropsResponse
    | AppRoutesResponse
    | ComponentsResponse,
): void {
  sendJson(response, status, body)
}

/** A JSON answer of the API: never cached, never sniffed. */
export function sendJson(response: ServerResponse, status: number, body: object): void {
  response.statusCode = status
  response.setHeader('Content-Type', 'application/json; charset=utf-8')
  response.setHeader('Cache-Control', 'no-store')
  response.setHeader('X-Content-Type-Options', 'nosniff')
  response.end(JSON.stringify(body))
}

/**
 * POST /__visual-edit/project: where the app is served (its port and base), for the editor's frame.
 * Gated like the lookups: the editor asks it first, so a wrong token shows at once.
 */
async function handleProject(
  request: IncomingMessage,
  response: ServerResponse,
  gate: GateOptions,
  project: () => ProjectResponse,
): Promise<void> {
  await gatedBody(request, response, gate, PROJECT_PATH, 'The project is', 'project', v.object({}))
  send(response, 200, project())
}

/** One of the editor's POST endpoints beside the mutate routes: its gate, then its answer. */
export type GatedEndpoint = (
  request: IncomingMessage,
  response: ServerResponse,
  gate: GateOptions,
  services: MutationServices,
) => Promise<void>

/**
 * An endpoint gated like a mutate route (Host, peer, same-site fetch, Origin, token, JSON body parsed
 * with `schema`), answering `answer`'s result. `what` and `operation` name it in its refusals.
 */
function gatedEndpoint<Schema extends v.GenericSchema>(
  path: string,
  what: string,
  operation: string,
  schema: Schema,
  answer: (
    services: MutationServices,
    body: v.InferOutput<Schema>,
  ) => Promise<
    | LookupsResponse
    | ClassCssResponse
    | ClassSuggestionsResponse
    | DesignTokensResponse
    | ElementPropsResponse
    | AppRoutesResponse
    | ComponentsResponse
  >,
): GatedEndpoint {
  return async (request, response, gate, services) => {
    const body = await gatedBody(request, response, gate, path, what, operation, schema)
    send(response, 200, await answer(services, body))
  }
}

/**
 * The editor's endpoints beside the project and the mutate routes, by path:
 * - lookups: what the code says about the ids the editor asks about (file, line, tag, text, classes;
 *   protocol/lookups.ts), files named relative to the root;
 * - class-css: the CSS the project's Tailwind generates for each class (protocol/instant-update.ts),
 *   for the instant updates of classes the page does not have yet;
 * - class-suggestions: the project's Tailwind classes for what the user types in the class input
 *   (protocol/design-system.ts), answered from lists kept per loaded Tailwind (every keystroke asks);
 * - design-tokens (body `{}`): the theme's tokens and the project's dark strategy;
 * - element-props: one element's props as written, its component's declared props type (unions of
 *   literals with their members) and the components its file can render (protocol/element-props.ts);
 * - app-routes (body `{}`): the routes the app's code declares, for the command palette
 *   (protocol/app-routes.ts);
 * - components (body `{}`): the components the project's files export, with file:line and declared
 *   props, for the Insert panel (protocol/components.ts).
 */
const GATED_ENDPOINTS: ReadonlyMap<string, GatedEndpoint> = new Map([
  [
    LOOKUPS_PATH,
    gatedEndpoint(LOOKUPS_PATH, 'Lookups are', 'lookups', lookupsRequestSchema, (services, body) =>
      describeElements(services, body.ids),
    ),
  ],
  [
    CLASS_CSS_PATH,
    gatedEndpoint(CLASS_CSS_PATH, 'Class CSS is', 'class-css', classCssRequestSchema, (services, body) =>
      classCss(services.root, body.classes),
    ),
  ],
  [
    CLASS_SUGGESTIONS_PATH,
    gatedEndpoint(
      CLASS_SUGGESTIONS_PATH,
      'Class suggestions are',
      'class-suggestions',
      classSuggestionsRequestSchema,
      (services, body) => classSuggestions(services.root, body),
    ),
  ],
  [
    DESIGN_TOKENS_PATH,
    gatedEndpoint(
      DESIGN_TOKENS_PATH,
      'Design tokens are',
      'design-tokens',
      v.object({}, 'a JSON object'),
      (services) => designTokens(services.root),
    ),
  ],
  [
    ELEMENT_PROPS_PATH,
    gatedEndpoint(
      ELEMENT_PROPS_PATH,
      'Element props are',
      'element-props',
      elementPropsRequestSchema,
      (services, body) => elementProps(services, body.id),
    ),
  ],
  [
    APP_ROUTES_PATH,
    gatedEndpoint(
      APP_ROUTES_PATH,
      "The app's routes are",
      'app-routes',
      v.object({}, 'a JSON object'),
      (services) => appRoutes(services.root),
    ),
  ],
  [
    COMPONENTS_PATH,
    gatedEndpoint(
      COMPONENTS_PATH,
      "The project's components are",
      'components',
      v.object({}, 'a JSON object'),
      (services) => projectComponents(services),
    ),
  ],
])

/**
 * The gate of the editor's POST endpoints beside the mutate routes (Host, peer, method, same-site
 * fetch, Origin, token, JSON body), then the body parsed with `schema` (400 naming the field).
 */
export async function gatedBody<Schema extends v.GenericSchema>(
  request: IncomingMessage,
  response: ServerResponse,
  gate: GateOptions,
  path: string,
  what: string,
  operation: string,
  schema: Schema,
  bodyLimit?: number,
): Promise<v.InferOutput<Schema>> {
  const host = checkHost(request, gate)
  checkPeer(request, gate)
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'POST')
    throw new MutateError('METHOD_NOT_ALLOWED', `${path} answers POST only.`)
  }
  const site = header(request, 'sec-fetch-site')
  if (site !== undefined && site !== 'same-origin') {
    throw new MutateError('FORBIDDEN_ORIGIN', `${what} only given to pages of this dev server.`)
  }
  checkOrigin(request, host, gate)
  checkToken(request, gate)
  checkContentType(request)
  const parsed = v.safeParse(schema, await readJsonBody(request, bodyLimit), { abortEarly: true })
  if (!parsed.success)
    throw new MutateError('BAD_REQUEST', bodyIssueMessage(operation, schema, parsed.issues[0]))
  return parsed.output
}

async function handleRoute(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  gate: GateOptions,
  services: MutationServices,
  canvases: FileLocks,
  agentWrote: (response: MutateResponse, question: string | null) => void,
): Promise<void> {
  const host = checkHost(request, gate)
  checkPeer(request, gate)
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'POST')
    throw new MutateError('METHOD_NOT_ALLOWED', 'The mutate API answers POST only.')
  }
  checkOrigin(request, host, gate)
  checkToken(request, gate)

  const match = ROUTE.exec(pathname)
  if (!match) throw new MutateError('NOT_FOUND', `No mutate route at ${pathname}.`)
  const [, rawCanvasId = '', kind, name = ''] = match
  let canvasId: string
  try {
    canvasId = decodeURIComponent(rawCanvasId)
  } catch {
    canvasId = ''
  }
  if (!CANVAS_ID.test(canvasId)) {
    throw new MutateError(
      'BAD_REQUEST',
      'The canvas id may contain only letters, digits, hyphen and underscore.',
    )
  }
  checkContentType(request)
  const body = await readJsonBody(request)
  // An agent's edit is marked as such in the history (the agent bridge sends the header).
  const author = header(request, AUTHOR_HEADER)
  const byAgent = author === AGENT_AUTHOR || author === AGENT_VIA_EDITOR_AUTHOR
  const by: MutationServices = byAgent ? { ...services, author: AGENT_AUTHOR } : services

  const operation:
    | ((
        raw: unknown,
        services: MutationServices,
        canvasId: string,
      ) => Promise<MutateResponse | HistoryResponse>)
    | undefined =
    kind === 'mutate'
      ? OPERATIONS.get(name)
      : name === ACTIVITY_OPERATION.UNDO || name === ACTIVITY_OPERATION.REDO
        ? () => replay(by, canvasId, name === ACTIVITY_OPERATION.UNDO ? 'undo' : 'redo')
        : name === HISTORY_OPERATION
          ? // The History panel's read of the canvas's entries (body `{}`), in turn with its edits.
            () => Promise.resolve(historyView(services.history, canvasId))
          : undefined
  if (!operation) throw new MutateError('UNKNOWN_CHANGE_TYPE', ProtocolErrorMessage.UNKNOWN_CHANGE_TYPE)
  // One canvas's changes apply in the order they arrive: an undo sent while an edit is being written
  // waits for it (and undoes it), two undos undo two entries, instead of racing for the history.
  const answer = await canvases.run([canvasId], () => operation(body, by, canvasId))
  send(response, 200, answer)
  if (kind === 'mutate' && 'files' in answer) {
    // Sent by the editor page for an agent's question: the agent's answer. Sent by the agent itself:
    // news for the page.
    const question = header(request, AGENT_QUESTION_HEADER)
    if (author === AGENT_VIA_EDITOR_AUTHOR && question) agentWrote(answer, question)
    else if (author === AGENT_AUTHOR && answer.files.length > 0) agentWrote(answer, null)
  }
}

/**
 * A failure as the API answers it: a MutateError with its status, code and message; anything
 * unexpected is a 500 whose details go to the dev server's log, never to the client.
 */
export function sendError(response: ServerResponse, error: unknown, logger: Logger): void {
  if (response.headersSent) return
  if (error instanceof MutateError) {
    if (error.code === 'PAYLOAD_TOO_LARGE') response.setHeader('Connection', 'close')
    send(response, error.status, { error: { code: error.code, message: error.message } })
    return
  }
  logger.error(
    `[visual-edit] mutate request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
  send(response, 500, {
    error: {
      code: 'INTERNAL',
      message: "visual-edit hit an unexpected error; the dev server's terminal has the details.",
    },
  })
}

/**
 * The mutate API as connect middleware, on the editor's origin: the project, lookups, class-css,
 * class-suggestions and design-tokens endpoints and every route under /canvases/ go through one gate
 * (Host, peer, method, Origin, token, content type, body size and depth) before an operation runs. Errors answer `{ error: { code,
 * message } }` (sendError). There is no endpoint that hands out the token (docs/SECURITY.md).
 */
export function createMutateMiddleware(
  gate: GateOptions,
  services: MutationServices,
  logger: Logger,
  project: () => ProjectResponse,
  /** More gated endpoints by path (the agent bridge's: server/agent/). */
  more: ReadonlyMap<string, GatedEndpoint> = new Map(),
  /**
   * Told of every edit an agent's request wrote: `question` is the agent's `apply` the editor page
   * sent it for, else the page has not heard of it (server/agent/).
   */
  agentWrote: (response: MutateResponse, question: string | null) => void = () => {},
): Connect.NextHandleFunction {
  const canvases = new FileLocks()
  return (request, response, next) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/'
    const handled =
      pathname === PROJECT_PATH
        ? handleProject(request, response, gate, project)
        : GATED_ENDPOINTS.has(pathname)
          ? (GATED_ENDPOINTS.get(pathname) as GatedEndpoint)(request, response, gate, services)
          : more.has(pathname)
            ? (more.get(pathname) as GatedEndpoint)(request, response, gate, services)
            : pathname.startsWith('/canvases/')
              ? handleRoute(request, response, pathname, gate, services, canvases, agentWrote)
              : null
    if (handled === null) {
      next()
      return
    }
    handled.catch((error: unknown) => sendError(response, error, logger))
  }
}
