import type { JSXElement, Node } from '@babel/types'
import { VISITOR_KEYS } from '@babel/types'
import { type ElementLookup, type LookupsResponse, MAX_TEXT_SOURCE_CHARS } from '../../protocol/lookups.ts'
import { StylingFramework } from '../../protocol/styling.ts'
import { sourceHash } from '../../transform/element-index.ts'
import { parseModule } from '../../transform/parse-module.ts'
import { readClassList } from '../jsx/class-list.ts'
import { elementText } from '../jsx/jsx-text.ts'
import { projectUsesTailwind } from '../tailwind/project-uses-tailwind.ts'
import type { MutationServices } from './mutation.ts'
import { readSourceFile } from './source-file.ts'

/** The JSX elements of an AST that start at one of `starts`, by start offset; one walk of the file. */
function elementsAt(ast: Node, starts: ReadonlySet<number>): Map<number, JSXElement> {
  const found = new Map<number, JSXElement>()
  const stack: Node[] = [ast]
  while (stack.length > 0 && found.size < starts.size) {
    const node = stack.pop() as Node
    if (node.type === 'JSXElement' && starts.has(node.start as number)) found.set(node.start as number, node)
    const record = node as unknown as Record<string, unknown>
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const value = record[key]
      if (Array.isArray(value)) {
        for (const item of value)
          if (item && typeof item === 'object' && 'type' in item) stack.push(item as Node)
      } else if (value && typeof value === 'object' && 'type' in value) stack.push(value as Node)
    }
  }
  return found
}

/**
 * What the code says about each id the editor asks about (see protocol/lookups.ts): its place, tag,
 * text and classes. Each file is read and parsed once; a file that changed on disk since it was
 * indexed is left out (its ids will be asked again once the page shows the new version), as are ids
 * the index does not know. Only paths relative to the root leave the server.
 */
export async function describeElements(
  services: MutationServices,
  ids: readonly string[],
): Promise<LookupsResponse> {
  const byFile = new Map<string, string[]>()
  for (const id of new Set(ids)) {
    const element = services.index.get(id)
    if (!element) continue
    const list = byFile.get(element.file) ?? []
    list.push(id)
    byFile.set(element.file, list)
  }

  const lookups: Record<string, ElementLookup> = {}
  for (const [file, fileIds] of byFile) {
    const source = await readSourceFile(services.fs, services.root, file).catch(() => null)
    if (!source) continue
    const hash = sourceHash(source.text)
    if (hash !== services.index.sourceHashOf(file)) continue
    let ast: Node
    try {
      ast = services.parsed?.get(file, hash) ?? parseModule(source.text, source.path)
    } catch {
      continue
    }
    const elements = fileIds.map((id) => services.index.get(id)).filter((element) => element !== undefined)
    const nodes = elementsAt(ast, new Set(elements.map((element) => element.start)))
    for (const element of elements) {
      const node = nodes.get(element.start)
      if (!node) continue
      let classes: string[] = []
      let classesEditable = true
      try {
        const list = readClassList({
          code: source.text,
          opening: node.openingElement,
          tagName: element.tagName,
          eol: source.eol,
        })
        classes = list.classes
      } catch {
        classesEditable = false
      }
      lookups[element.id] = {
        file: element.relativeFile,
        line: element.line,
        column: element.column,
        tagName: element.tagName,
        isComponent: element.isComponent,
        parentId: element.parentId,
        text: element.text,
        ...(element.text === 'static' ? { staticText: elementText(node) } : {}),
        ...(element.text === 'dynamic' ? { textSource: childrenSource(source.text, node) } : {}),
        classes,
        classesEditable,
      }
    }
  }
  return {
    stylingFramework: (await projectUsesTailwind(services.root))
      ? StylingFramework.TAILWIND
      : StylingFramework.CSS,
    lookups,
  }
}

/**
 * The code of an element's children, whitespace collapsed, cut at MAX_TEXT_SOURCE_CHARS: where its
 * dynamic text comes from (`Signed in as {user.name}`).
 */
function childrenSource(code: string, node: JSXElement): string {
  const start = node.openingElement.end ?? 0
  const end = node.closingElement?.start ?? start
  const text = code.slice(start, end).replace(/\s+/g, ' ').trim()
  return text.length > MAX_TEXT_SOURCE_CHARS ? `${text.slice(0, MAX_TEXT_SOURCE_CHARS - 1)}…` : text
}
