import {
  type AgentSelectedElement,
  type AgentSelection,
  isTaggedCodebaseId,
} from 'vite-plugin-visual-edit/protocol'

/** The outerHTML an agent is given, at most: enough for the element's shape, not its whole subtree. */
export const AGENT_HTML_CHARS = 600

/**
 * Attributes of visual-edit's own (the tagger's `data-tempo-id`, an instant update's `data-tempo-instant`,
 * the inspector's `data-visual-edit-*`): not the app's code. The value may lack its closing quote
 * where the inspector cut the outerHTML (MAX_AGENT_HTML_CHARS).
 */
const OWN_ATTRIBUTES = /\sdata-(?:tempo-|visual-edit)[\w-]*(?:="[^"]*(?:"|$))?/g

/** The element's outerHTML without visual-edit's attributes, whitespace collapsed, cut at AGENT_HTML_CHARS. */
export function trimmedHtml(html: string): string {
  const plain = html.replace(OWN_ATTRIBUTES, '').replace(/\s+/g, ' ').trim()
  if (plain.length <= AGENT_HTML_CHARS) return plain
  // A cut between the two halves of a surrogate pair would leave half an emoji (invalid UTF-16).
  const cut = plain.slice(0, AGENT_HTML_CHARS - 1).replace(/[\uD800-\uDBFF]$/, '')
  return `${cut}…`
}

function where(element: AgentSelectedElement): string {
  if (element.file === null) {
    // A tagged element is in the project's code: only its lookup has not come from the server yet.
    return isTaggedCodebaseId(element.codebaseId)
      ? 'a place in the project’s code not known yet (the editor has no lookup for it)'
      : 'not in the project’s code (a package’s element)'
  }
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
