import { hash } from 'node:crypto'
import type { JsxElementInfo } from './tag-jsx.ts'

/** A tagged element; it knows its file. */
export type IndexedElement = JsxElementInfo

/**
 * id -> element, for every file the dev server has tagged. The transform replaces a file's entries each
 * time it tags the file; the mutate server reads them to find the code behind an id.
 */
export class ElementIndex {
  readonly #byId = new Map<string, IndexedElement>()
  readonly #idsByFile = new Map<string, string[]>()
  readonly #sourceHashes = new Map<string, string>()

  /**
   * Replaces everything known about `file` with `elements`, found in `source` (the text they were
   * tagged from; its hash lets the mutate server tell whether the file changed since).
   */
  setFile(file: string, elements: readonly JsxElementInfo[], source: string): void {
    this.deleteFile(file)
    const ids: string[] = []
    for (const element of elements) {
      this.#byId.set(element.id, element.file === file ? element : { ...element, file })
      ids.push(element.id)
    }
    this.#idsByFile.set(file, ids)
    this.#sourceHashes.set(file, sourceHash(source))
  }

  /** Hash of the text the file's entries were computed from (see {@link sourceHash}). */
  sourceHashOf(file: string): string | undefined {
    return this.#sourceHashes.get(file)
  }

  deleteFile(file: string): void {
    const ids = this.#idsByFile.get(file)
    if (!ids) return
    for (const id of ids) if (this.#byId.get(id)?.file === file) this.#byId.delete(id)
    this.#idsByFile.delete(file)
    this.#sourceHashes.delete(file)
  }

  get(id: string): IndexedElement | undefined {
    return this.#byId.get(id)
  }

  has(id: string): boolean {
    return this.#byId.has(id)
  }

  /** The file's elements in source order. */
  elementsOf(file: string): IndexedElement[] {
    const out: IndexedElement[] = []
    for (const id of this.#idsByFile.get(file) ?? []) {
      const element = this.#byId.get(id)
      if (element?.file === file) out.push(element)
    }
    return out
  }

  files(): string[] {
    return [...this.#idsByFile.keys()]
  }

  get size(): number {
    return this.#byId.size
  }
}

export function sourceHash(source: string): string {
  return hash('sha1', source)
}
