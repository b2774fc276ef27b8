import type { File } from '@babel/types'

/**
 * The ASTs of the files edited last, keyed by path and source hash. The write of one edit has already
 * parsed the text the next edit of that file starts from, so that edit skips its parse.
 */
export class ParsedFiles {
  readonly #entries = new Map<string, { hash: string; ast: File }>()
  readonly #limit: number

  constructor(limit = 16) {
    this.#limit = limit
  }

  get(file: string, hash: string): File | undefined {
    const entry = this.#entries.get(file)
    return entry?.hash === hash ? entry.ast : undefined
  }

  set(file: string, hash: string, ast: File): void {
    this.#entries.delete(file)
    this.#entries.set(file, { hash, ast })
    if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value as string)
  }
}
