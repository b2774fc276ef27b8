import type { IndexedElement } from '../../transform/element-index.ts'
import { parseElementAt } from '../../transform/parse-module.ts'
import { type JsxElementInfo, jsxTagName, walkElements } from '../../transform/tag-jsx.ts'

/** Line starts as Babel counts lines: \r\n, \r, \n, U+2028 and U+2029 each end one. */
function lineStarts(text: string): number[] {
  const starts = [0]
  for (const match of text.matchAll(/\r\n?|[\n\u2028\u2029]/g))
    starts.push((match.index as number) + match[0].length)
  return starts
}

function lineOf(starts: readonly number[], offset: number): number {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((starts[middle] as number) <= offset) low = middle
    else high = middle - 1
  }
  return low
}

/**
 * The opening tag alone, closed with a synthetic closing tag, at its real position: when it parses as
 * one element of the same name, the file does too (an opening tag was replaced by one of the same element).
 */
function openingParses(
  after: string,
  target: IndexedElement,
  newOpeningEnd: number,
  filename: string,
): boolean {
  const opening = after.slice(target.start, newOpeningEnd)
  const selfClosing = opening.endsWith('/>')
  const closed = selfClosing ? opening : `${opening}</${target.tagName}>`
  const padded = after.slice(0, target.start) + closed
  const node = parseElementAt(padded, filename, {
    start: target.start,
    end: padded.length,
    line: target.line,
    column: target.column,
  })
  return (
    node !== undefined &&
    node.openingElement.end === newOpeningEnd &&
    jsxTagName(node.openingElement.name) === target.tagName
  )
}

/**
 * The file's elements after an edit that changed only the inside of `target`, without parsing the
 * file. An edit inside the opening tag (classes, props, style) is checked by parsing that tag alone;
 * any other edit inside the element by parsing the element alone (at its real offsets). Either proves
 * the file still parses, as one tag or element was replaced by one of the same kind. Everything after
 * the changed text moves by its length change; ids, parents and structure are kept, as in-place edits
 * keep structure. Undefined when that does not hold; the caller then re-tags the whole file.
 *
 *   before:  <ul><li className="a">One</li><li>Two</li></ul>
 *   after:   <ul><li className="a b">One</li><li>Two</li></ul>   second <li> +2, <ul> end +2
 */
export function reindexInPlace(
  before: string,
  after: string,
  elements: readonly IndexedElement[],
  target: IndexedElement,
  options: { filename: string; root: string },
): JsxElementInfo[] | undefined {
  const delta = after.length - before.length
  const newEnd = target.end + delta
  if (
    before.slice(0, target.start) !== after.slice(0, target.start) ||
    before.slice(target.end) !== after.slice(newEnd)
  ) {
    return undefined
  }
  // The changed text, in old offsets: [changeStart, changeEnd).
  let changeStart = target.start
  while (changeStart < target.end && before.charCodeAt(changeStart) === after.charCodeAt(changeStart))
    changeStart += 1
  // Changes inside the opening tag are the common case (classes, props, style): when everything from
  // its end on is unchanged, look for the change's end there, not across all the children.
  const openingOnly =
    before.slice(target.openingEnd, target.end) === after.slice(target.openingEnd + delta, newEnd)
  let changeEnd = openingOnly ? target.openingEnd : target.end
  while (
    changeEnd > changeStart &&
    before.charCodeAt(changeEnd - 1) === after.charCodeAt(changeEnd - 1 + delta)
  )
    changeEnd -= 1

  const replaced = new Map<string, JsxElementInfo>()
  let shiftFrom = changeEnd
  // Text without '<' can neither hold nor remove an element: the structure is the same.
  const noElements =
    !before.slice(changeStart, changeEnd).includes('<') &&
    !after.slice(changeStart, changeEnd + delta).includes('<')
  if (
    noElements &&
    changeEnd < target.openingEnd &&
    openingParses(after, target, target.openingEnd + delta, options.filename)
  ) {
    // Only the opening tag changed: the target and everything after the change just move.
  } else {
    const node = parseElementAt(after, options.filename, {
      start: target.start,
      end: newEnd,
      line: target.line,
      column: target.column,
    })
    if (!node) return undefined
    const local = walkElements(after, node, options).elements
    const subtree = elements.filter((element) => element.start >= target.start && element.end <= target.end)
    if (local.length !== subtree.length || local[0]?.start !== target.start || local[0]?.end !== newEnd)
      return undefined
    subtree.forEach((old, index) => {
      const fresh = local[index] as JsxElementInfo
      replaced.set(old.id, {
        ...fresh,
        id: old.id,
        file: old.file,
        relativeFile: old.relativeFile,
        structuralPath: old.structuralPath,
        parentId: old.parentId,
        childIds: old.childIds,
        slot: old.slot,
        preTagged: old.preTagged,
      })
    })
    shiftFrom = target.end
  }

  const starts = lineStarts(after)
  const shift = (offset: number) => (offset >= shiftFrom ? offset + delta : offset)
  return elements.map((element) => {
    const fresh = replaced.get(element.id)
    if (fresh) return fresh
    // Entirely before the change: nothing moves.
    if (element.end < shiftFrom) return element
    const start = shift(element.start)
    // Its start moved past the change: the line count before it may differ even when no length did.
    const moved = element.start >= shiftFrom
    const line = moved ? lineOf(starts, start) + 1 : element.line
    return {
      ...element,
      start,
      end: shift(element.end),
      openingStart: shift(element.openingStart),
      openingEnd: shift(element.openingEnd),
      line,
      column: moved ? start - (starts[line - 1] as number) : element.column,
    }
  })
}
