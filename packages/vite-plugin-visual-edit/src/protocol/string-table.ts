/** Every string of a tree once; a refresh of the tree continues its predecessor's table. */
export class StringTable {
  readonly strings: string[] = ['']
  readonly #index = new Map<string, number>([['', 0]])

  of(value: string): number {
    let index = this.#index.get(value)
    if (index === undefined) {
      index = this.strings.length
      this.strings.push(value)
      this.#index.set(value, index)
    }
    return index
  }
}
