import * as v from 'valibot'
import { MUTATE_OPERATION } from './mutate-routes.ts'

/**
 * The inputs of `visual-edit mcp`'s tools (docs/AGENTS.md): the MCP server parses every call with
 * these and gives an agent their JSON Schema (`@valibot/to-json-schema`), so what an agent is told and
 * what is checked are one. `apply_changes`' change bodies are the mutate routes' own
 * (MUTATE_BODY_SCHEMAS), checked by the server that runs them.
 */

/** Results a find may ask for, at most. */
export const MAX_FOUND = 200
/** Changes one apply_changes may hold. */
export const MAX_AGENT_CHANGES = 50

const words = (what: string, description: string) =>
  v.pipe(v.string(what), v.trim(), v.nonEmpty(what), v.maxLength(1000, what), v.description(description))
const line = (description: string) =>
  v.pipe(
    v.number('a line number'),
    v.integer('a whole line number'),
    v.minValue(1, 'a line number from 1'),
    v.description(description),
  )

const noInput = v.strictObject({}, 'an empty object: this tool takes no input')

const findElements = v.strictObject(
  {
    text: v.optional(words('text to find', 'Static text the element shows (case-insensitive substring).')),
    component: v.optional(
      words('a component name', 'A component name: its usages (<Card>) and the elements Card renders.'),
    ),
    class: v.optional(words('a class name', 'A class in its className, e.g. bg-blue-600.')),
    file: v.optional(words('a file path', 'A source file relative to the project root, e.g. src/App.tsx.')),
    line: v.optional(line('With file: the element whose `<` is on this line.')),
    route: v.optional(
      v.pipe(
        v.string('a path of the app'),
        v.startsWith('/', 'a path of the app, such as /listing/L1001'),
        v.maxLength(2000, 'a path of the app'),
        v.description(
          "An app path such as /listing/L1001: the elements of the page component its route renders (read from the app's react-router routes).",
        ),
      ),
    ),
    limit: v.optional(
      v.pipe(
        v.number('a number of results'),
        v.integer('a whole number of results'),
        v.minValue(1, `a number of results from 1 to ${MAX_FOUND}`),
        v.maxValue(MAX_FOUND, `a number of results from 1 to ${MAX_FOUND}`),
        v.description('At most this many results (default 20).'),
      ),
    ),
  },
  'an object of criteria: text, component, class, file (and line), route, limit',
)

const describeElement = v.strictObject(
  {
    codebaseId: v.optional(words('a codebase id', 'From find_elements or get_selection.')),
    file: v.optional(words('a file path', 'A source file relative to the project root.')),
    line: v.optional(line("With file: the line of the element's `<`.")),
    tag: v.optional(words('a tag name', 'Which element, when the line starts several.')),
  },
  'an object naming the element: codebaseId, or file and line (and tag)',
)

const applyChanges = v.strictObject(
  {
    changes: v.pipe(
      v.array(
        v.object(
          {
            operation: v.picklist(
              Object.values(MUTATE_OPERATION),
              `one of ${Object.values(MUTATE_OPERATION).join(', ')}`,
            ),
            body: v.record(v.string(), v.unknown(), "the operation's body, an object"),
          },
          'a change: { "operation", "body" }',
        ),
        'an array of changes',
      ),
      v.minLength(1, `an array of 1 to ${MAX_AGENT_CHANGES} changes`),
      v.maxLength(MAX_AGENT_CHANGES, `an array of 1 to ${MAX_AGENT_CHANGES} changes`),
    ),
    dry_run: v.optional(
      v.pipe(v.boolean('true or false'), v.description('Report the diff and write nothing.')),
    ),
  },
  'an object: { "changes": [...], "dry_run"? }',
)

export const AGENT_TOOL_INPUTS = {
  get_selection: noInput,
  find_elements: findElements,
  describe_element: describeElement,
  apply_changes: applyChanges,
  undo: noInput,
  redo: noInput,
  history: noInput,
  design_tokens: noInput,
} as const

export type AgentToolName = keyof typeof AGENT_TOOL_INPUTS
export type AgentToolInput<Name extends AgentToolName> = v.InferOutput<(typeof AGENT_TOOL_INPUTS)[Name]>
