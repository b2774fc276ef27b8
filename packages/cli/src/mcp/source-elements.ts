import { readFile } from 'node:fs/promises'
import type { HeadlessEditor, IndexedElement } from 'vite-plugin-visual-edit'

/** One JSX element of the project as an agent reads it: where it is, what it is, what it shows. */
export interface ElementSummary {
  codebaseId: string
  /** Relative to the project root, posix. */
  file: string
  /** 1-based line and column of its `<`. */
  line: number
  column: number
  tag: string
  isComponent: boolean
  /** The component (function or const with a capitalised name) whose JSX it is written in. */
  declaredIn: string | null
  /** The tags of the elements it sits in, in its file, outermost first. */
  parents: string[]
  /** The classes of a literal className (none for a computed one: see `className`). */
  classes: string[]
  /** The className as written, when it is not a plain string (`{cn('p-2', active && 'ring')}`). */
  className?: string
  /** `static`: plain text only (in `text`); `dynamic`: text from expressions; `none`: no text of its own. */
  textKind: IndexedElement['text']
  text?: string
  /** Its opening tag as written, trimmed to OPENING_LIMIT characters. */
  opening: string
}

const OPENING_LIMIT = 400

/** `function Card(`, `const Card = `, `export default function Card(`: a component declaration. */
const DECLARATION = /(?:function\s+([A-Z][\w$]*)\s*[<(]|(?:const|let|var)\s+([A-Z][\w$]*)\s*(?::[^=]+)?=)/g

const LITERAL_CLASS_NAME =
  /\bclass(?:Name)?\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`$]*)`)\s*\})/
const ANY_CLASS_NAME =
  /\bclass(?:Name)?\s*=\s*(\{[\s\S]*?\}(?=\s*(?:[A-Za-z_$][\w$:-]*\s*=|\/?>|\{\.\.\.))|"[^"]*"|'[^']*')/

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()
const trimmed = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text)

/** The source files of the index and their texts, read once per summary pass. */
export class SourceTexts {
  readonly #texts = new Map<string, string>()

  async of(file: string): Promise<string> {
    let text = this.#texts.get(file)
    if (text === undefined) {
      text = await readFile(file, 'utf8')
      this.#texts.set(file, text)
    }
    return text
  }
}

/** The component whose JSX starts at `offset`: the nearest declaration before it (a reading aid, not a proof). */
function declaredIn(source: string, offset: number): string | null {
  let name: string | null = null
  DECLARATION.lastIndex = 0
  for (
    let match = DECLARATION.exec(source);
    match && match.index < offset;
    match = DECLARATION.exec(source)
  ) {
    name = match[1] ?? match[2] ?? null
  }
  return name
}

/** What an element's source says of it (see ElementSummary). */
export async function summarize(
  editor: HeadlessEditor,
  element: IndexedElement,
  texts: SourceTexts,
): Promise<ElementSummary> {
  const source = await texts.of(element.file)
  const opening = source.slice(element.openingStart, element.openingEnd)
  const literal = LITERAL_CLASS_NAME.exec(opening)
  const literalClasses = literal ? literal.slice(1).find((group) => group !== undefined) : undefined
  const parents: string[] = []
  for (let parent = element.parentId; parent; parent = editor.index.get(parent)?.parentId ?? null) {
    const tag = editor.index.get(parent)?.tagName
    if (tag) parents.unshift(tag)
  }
  const summary: ElementSummary = {
    codebaseId: element.id,
    file: element.relativeFile,
    line: element.line,
    column: element.column + 1,
    tag: element.tagName,
    isComponent: element.isComponent,
    declaredIn: declaredIn(source, element.start),
    parents,
    classes: literalClasses ? collapse(literalClasses).split(' ').filter(Boolean) : [],
    textKind: element.text,
    opening: trimmed(collapse(opening), OPENING_LIMIT),
  }
  if (!literal) {
    const computed = ANY_CLASS_NAME.exec(opening)?.[1]
    if (computed) summary.className = trimmed(collapse(computed), 200)
  }
  if (element.text === 'static' && !element.selfClosing) {
    const closing = source.lastIndexOf('</', element.end)
    const inner = source.slice(element.openingEnd, closing > element.openingEnd ? closing : element.end)
    summary.text = trimmed(collapse(inner), 300)
  }
  return summary
}
