import type { ElementIndex } from '../../transform/element-index.ts'
import type { JsxElementInfo } from '../../transform/tag-jsx.ts'

/**
 * `prevIdToNewIdMap` for a structural edit: every element of the changed files (as they were before)
 * that still exists, found by where its `<` went, and whose id is now different. Removed elements are
 * left out; so are elements whose id did not change.
 */
export function remapIds(
  index: ElementIndex,
  before: ReadonlyMap<string, readonly JsxElementInfo[]>,
  relocate: (file: string, offset: number) => { file: string; offset: number } | undefined,
): Record<string, string> {
  const byFile = new Map<string, Map<number, string>>()
  const idAt = (file: string, offset: number) => {
    let starts = byFile.get(file)
    if (!starts) {
      starts = new Map(index.elementsOf(file).map((element) => [element.start, element.id]))
      byFile.set(file, starts)
    }
    return starts.get(offset)
  }
  const remapped: Record<string, string> = {}
  for (const [file, elements] of before) {
    for (const element of elements) {
      const moved = relocate(file, element.start)
      if (!moved) continue
      const id = idAt(moved.file, moved.offset)
      if (id !== undefined && id !== element.id) remapped[element.id] = id
    }
  }
  return remapped
}
