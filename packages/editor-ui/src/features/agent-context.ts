import type { AgentSelectedElement, AgentSelection } from 'vite-plugin-visual-edit/protocol'

/** The outerHTML an agent is given, at most: enough for the element's shape, not its whole subtree. */
export const AGENT_HTML_CHARS = 600

/** Attributes of visual-edit's own (the tagger's ids, the inspector's marks): not the app's code. */
const OWN_ATTRIBUTES = /\s(?:data-tempo-id|data-visual-edit[\w-]*)(?:="[^"]*")?/g

/** The element's outerHTML without visual-edit's attributes, whitespace collapsed, cut at AGENT_HTML_CHARS. */
export function trimmedHtml(html: string): string {
  const plain = html.replace(OWN_ATTRIBUTES, '').replace(/\s+/g, ' ').trim()
  return plain.length > AGENT_HTML_CHARS ? `${plain.slice(0, AGENT_HTML_CHARS - 1)}…` : plain
}

function where(element: AgentSelectedElement): string {
  if (element.file === null) return 'not in the project’s code (a package’s element)'
  return `${element.file}${element.line === null ? '' : `:${element.line}${element.column === null ? '' : `:${element.column}`}`}`
}

function text(element: AgentSelectedElement): string | null {
  if (element.text.kind === 'static' && element.text.value !== undefined)
    return JSON.stringify(element.text.value)
  if (element.text.kind === 'dynamic')
    return element.text.source ? `from the code ${element.text.source}` : '(from an expression in the code)'
  return null
}

/**
 * The selection as compact text for a coding agent (Copy for agent): where each element's JSX is
 * (file:line:column), the components it is rendered in, its tag, classes, text and a trimmed outerHTML,
 * and the route the app shows. Nothing of the editor's session (its token, its address) is in it.
 *
 *   Selected element in the running app (route /listing/L1001):
 *   - <h1> at src/pages/Listing.tsx:42:7
 *     components: App > ListingPage
 *     classes: text-2xl font-bold
 *     text: "Spacious 2BHK"
 *     html: <h1 class="text-2xl font-bold">Spacious 2BHK</h1>
 */
export function agentContext(selection: AgentSelection): string {
  const count = selection.elements.length
  const lines = [
    `Selected element${count === 1 ? '' : `s (${count})`} in the running app (route ${selection.route || '/'}):`,
  ]
  for (const element of selection.elements) {
    lines.push(`- <${element.tag}> at ${where(element)}`)
    if (element.componentStack.length > 0) lines.push(`  components: ${element.componentStack.join(' > ')}`)
    if (element.classes.length > 0)
      lines.push(`  classes: ${element.classes.map((entry) => entry.name).join(' ')}`)
    const shown = text(element)
    if (shown) lines.push(`  text: ${shown}`)
    if (element.outerHTML) lines.push(`  html: ${trimmedHtml(element.outerHTML)}`)
  }
  return `${lines.join('\n')}\n`
}
