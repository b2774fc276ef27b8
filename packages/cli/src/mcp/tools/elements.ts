import type { HeadlessEditor, IndexedElement } from 'vite-plugin-visual-edit'
import type { AgentToolInput } from 'vite-plugin-visual-edit/protocol'
import { routeElements } from '../route-elements.ts'
import { componentOf, type ElementSummary, SourceTexts, summarize } from '../source-elements.ts'
import { invalidInput, type McpTool, modeOf, type ToolContext } from './tool.ts'

const DEFAULT_LIMIT = 20

interface Criteria {
  text?: string
  component?: string
  file?: string
  line?: number
  className?: string
  route?: string
}

/** The route criterion resolved: the route declared for it and the components its element names. */
interface RouteMatch {
  path: string
  file: string
  components: string[]
}

function criteriaOf(input: AgentToolInput<'find_elements'>): Criteria {
  const criteria: Criteria = {}
  if (input.text) criteria.text = input.text.toLowerCase()
  if (input.component) criteria.component = input.component
  if (input.file) criteria.file = input.file.replace(/\\/g, '/').replace(/^\.\//, '')
  if (input.class) criteria.className = input.class
  if (input.route) criteria.route = input.route
  if (input.line !== undefined) {
    if (!input.file) throw invalidInput('"line" needs "file": name the file the line is in.')
    criteria.line = input.line
  }
  if (Object.keys(criteria).length === 0)
    throw invalidInput('Say what to find: "text", "component", "class", "file" (with "line"), or "route".')
  return criteria
}

/** Why `summary` matches every criterion given, or null when one does not. */
function matches(summary: ElementSummary, criteria: Criteria, route: RouteMatch | null): string[] | null {
  const why: string[] = []
  if (route) {
    const usage = summary.file === route.file && route.components.includes(summary.tag)
    if (!usage && !(summary.declaredIn && route.components.includes(summary.declaredIn))) return null
    why.push('route')
  }
  if (criteria.file) {
    if (summary.file !== criteria.file) return null
    if (criteria.line !== undefined && summary.line !== criteria.line) return null
    why.push(criteria.line === undefined ? 'file' : 'file:line')
  }
  if (criteria.component) {
    if (summary.tag === criteria.component) why.push('component usage')
    else if (summary.declaredIn === criteria.component) why.push('in component')
    else return null
  }
  if (criteria.className) {
    // A className the code computes has no literal classes: its opening tag as written still names it.
    if (!summary.classes.includes(criteria.className) && !summary.opening.includes(criteria.className))
      return null
    why.push('class')
  }
  if (criteria.text) {
    const shown = summary.textKind === 'static' ? (summary.text ?? '') : ''
    if (!shown.toLowerCase().includes(criteria.text)) return null
    why.push('text')
  }
  return why
}

/** Every element of the project's files, in the index's order. */
function allElements(editor: HeadlessEditor): IndexedElement[] {
  return editor.index.files().flatMap((file) => editor.index.elementsOf(file))
}

export const findElements: McpTool<'find_elements'> = {
  name: 'find_elements',
  description:
    "Finds JSX elements of the project by the text they show, a component's name (its usages and the elements it renders), a class, or a file and line. Every criterion given must match. Each result has its codebaseId (what apply_changes and describe_element take), file:line:column, tag, classes, static text and the component it is written in.",
  async run(input, { workspace }: ToolContext) {
    const files = workspace.files
    const criteria = criteriaOf(input)
    const limit = input.limit ?? DEFAULT_LIMIT
    const editor = await files.editor()
    let route: RouteMatch | null = null
    if (criteria.route) {
      const resolved = await routeElements(editor, criteria.route)
      route = { path: resolved.route.path, file: resolved.route.file, components: resolved.components }
    }
    const found: (ElementSummary & { matched: string[] })[] = []
    let total = 0
    for (const summary of await summarize(editor, allElements(editor))) {
      const why = matches(summary, criteria, route)
      if (!why) continue
      total++
      if (found.length < limit) found.push({ ...summary, matched: why })
    }
    return {
      ...modeOf(await workspace.connection()),
      ...(route ? { route: { declared: route.path, file: route.file, components: route.components } } : {}),
      total,
      elements: found,
      ...(total > limit ? { truncated: true } : {}),
    }
  },
}

/** The element an input names: `codebaseId`, or `file` and `line` (and `tag`). */
function elementOf(editor: HeadlessEditor, input: AgentToolInput<'describe_element'>): IndexedElement {
  let id = input.codebaseId
  if (!id) {
    if (!input.file || input.line === undefined)
      throw invalidInput('Name the element by "codebaseId", or by "file" and "line".')
    id = editor.elementAt(input.file, input.line, input.tag)
  }
  const element = editor.index.get(id)
  if (!element) {
    throw invalidInput(
      `No element of the project has the codebase id ${id}: ids change when the code above an element changes. Find it again with find_elements.`,
    )
  }
  return element
}

export const describeElement: McpTool<'describe_element'> = {
  name: 'describe_element',
  description:
    'Everything the code says about one element: where it is, its tag, classes, text, its opening tag as written, the elements it sits in and its children, and where a component it uses is declared. Name it by codebaseId or by file and line.',
  async run(input, { workspace }: ToolContext) {
    const files = workspace.files
    const editor = await files.editor()
    const element = elementOf(editor, input)
    const texts = new SourceTexts()
    const children = element.childIds.flatMap((id) => editor.index.get(id) ?? [])
    const [summary, ...childSummaries] = await summarize(editor, [element, ...children], texts)
    const childrenShown = childSummaries.map(({ codebaseId, tag, line, textKind, text }, index) => ({
      codebaseId,
      tag,
      line,
      slot: children[index]?.slot,
      textKind,
      ...(text ? { text } : {}),
    }))
    const parent = element.parentId ? editor.index.get(element.parentId) : undefined
    const declarations = element.isComponent ? await declarationsOf(editor, element.tagName, texts) : []
    return {
      ...modeOf(await workspace.connection()),
      element: summary,
      parent: parent ? { codebaseId: parent.id, tag: parent.tagName, line: parent.line } : null,
      children: childrenShown,
      ...(element.isComponent ? { declaredAt: declarations } : {}),
    }
  },
}

/** The elements written in the component named `name` (its own JSX), as file:line of the first. */
async function declarationsOf(editor: HeadlessEditor, name: string, texts: SourceTexts) {
  const places: { file: string; line: number }[] = []
  for (const file of editor.index.files()) {
    for (const element of editor.index.elementsOf(file)) {
      if (element.parentId !== null) continue
      if ((await componentOf(element, texts)) === name) {
        places.push({ file: element.relativeFile, line: element.line })
        break
      }
    }
  }
  return places
}
