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
  /** The classes written in its className's literal text (none for an expression: see `opening`). */
  classes: string[]
  /** `static`: plain text only (in `text`); `dynamic`: text from code (its code in `text`); `none`. */
  textKind: IndexedElement['text']
  text?: string
  /** Its opening tag as written, trimmed to OPENING_LIMIT characters. */
  opening: string
}

const OPENING_LIMIT = 400

/** `function Card(`, `const Card = `, `export default function Card(`: a component declaration. */
const DECLARATION = /(?:function\s+([A-Z][\w$]*)\s*[<(]|(?:const|let|var)\s+([A-Z][\w$]*)\s*(?::[^=]+)?=)/g

const trimmed = (text: string, limit: number) => {
  const collapsed = text.replace(/\s+/g, ' ').trim()
  return collapsed.length > limit ? `${collapsed.slice(0, limit - 1)}…` : collapsed
}

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

/** The component an element's JSX is written in (see `declaredIn`). */
export async function componentOf(element: IndexedElement, texts: SourceTexts): Promise<string | null> {
  return declaredIn(await texts.of(element.file), element.start)
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

/**
 * Summaries of `elements`: their classes and text as the dev server's lookups read them from the code
 * (HeadlessEditor.describe), where they sit and the component they are written in.
 */
export async function summarize(
  editor: HeadlessEditor,
  elements: readonly IndexedElement[],
  texts = new SourceTexts(),
): Promise<ElementSummary[]> {
  const lookups = await editor.describe(elements.map((element) => element.id))
  const summaries: ElementSummary[] = []
  for (const element of elements) {
    const source = await texts.of(element.file)
    const lookup = lookups[element.id]
    const parents: string[] = []
    for (let parent = element.parentId; parent; parent = editor.index.get(parent)?.parentId ?? null) {
      const tag = editor.index.get(parent)?.tagName
      if (tag) parents.unshift(tag)
    }
    const text = lookup?.staticText ?? lookup?.textSource
    summaries.push({
      codebaseId: element.id,
      file: element.relativeFile,
      line: element.line,
      column: element.column + 1,
      tag: element.tagName,
      isComponent: element.isComponent,
      declaredIn: declaredIn(source, element.start),
      parents,
      classes: lookup?.classes ?? [],
      textKind: element.text,
      ...(text === undefined ? {} : { text: trimmed(text, 300) }),
      opening: trimmed(source.slice(element.openingStart, element.openingEnd), OPENING_LIMIT),
    })
  }
  return summaries
}
