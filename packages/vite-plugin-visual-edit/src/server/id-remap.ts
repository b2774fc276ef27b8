import type MagicString from 'magic-string'
import type { ElementIndex } from '../transform/element-index.ts'
import type { JsxElementInfo } from '../transform/tag-jsx.ts'

/** Offset of the start of every line: `lineStarts(text)[n]` is where line n (0-based) begins. */
function lineStarts(text: string): number[] {
  const starts = [0]
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    starts.push(index + 1)
  return starts
}

function lineAndColumn(starts: readonly number[], offset: number): [number, number] {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((starts[middle] as number) <= offset) low = middle
    else high = middle - 1
  }
  return [low, offset - (starts[low] as number)]
}

/**
 * Where each of `offsets` (in the original text) ended up in the edited text, read from magic-string's
 * hires map: moved code keeps its mapping, removed code has none. Only original characters are mapped,
 * so an offset inside inserted text never matches.
 */
export function mapOffsets(
  magic: MagicString,
  original: string,
  edited: string,
  offsets: readonly number[],
): Map<number, number> {
  const originalStarts = lineStarts(original)
  const wanted = new Map<string, number>()
  for (const offset of offsets) {
    const [line, column] = lineAndColumn(originalStarts, offset)
    wanted.set(`${line}:${column}`, offset)
  }
  const editedStarts = lineStarts(edited)
  const map = magic.generateDecodedMap({ hires: true })
  const out = new Map<number, number>()
  map.mappings.forEach((segments, generatedLine) => {
    for (const segment of segments) {
      if (segment.length < 4) continue
      const offset = wanted.get(`${segment[2]}:${segment[3]}`)
      if (offset !== undefined && !out.has(offset))
        out.set(offset, (editedStarts[generatedLine] as number) + segment[0])
    }
  })
  return out
}

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
