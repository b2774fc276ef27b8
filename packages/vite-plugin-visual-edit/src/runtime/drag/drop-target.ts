import type { ClientBox } from '../overlay/shapes.ts'

/**
 * Where a dragged element would land among a container's children: geometry only, so it is tested
 * without a browser (drag.ts measures the boxes and draws the result).
 */

/** How a container lays out its children, from its computed style. */
export type Flow = 'row' | 'row-reverse' | 'column' | 'column-reverse' | 'grid'

/** The flow of a container with this computed `display`, `flex-direction` and `flex-wrap`. */
export function flowOf(display: string, flexDirection: string, flexWrap = 'nowrap'): Flow {
  if (display.includes('grid')) return 'grid'
  if (display.includes('flex')) {
    const direction = flexDirection || 'row'
    // Wrapping rows read like a grid: row by row, left to right in each.
    if (direction === 'row' && flexWrap !== 'nowrap') return 'grid'
    if (direction === 'row' || direction === 'row-reverse' || direction === 'column-reverse') return direction
    return 'column'
  }
  return 'column'
}

const centreX = (box: ClientBox) => box.left + box.width / 2
const centreY = (box: ClientBox) => box.top + box.height / 2

/**
 * The index among `children` (in document order) before which a point lands. Along a row the child
 * whose centre is right of the point, along a column the one whose centre is below it (reversed flows
 * look the other way); in a grid the first child in reading order after the point: a row below it, or
 * its own row and right of it.
 */
export function insertionIndex(flow: Flow, children: readonly ClientBox[], x: number, y: number): number {
  const index = children.findIndex((box) => {
    switch (flow) {
      case 'row':
        return centreX(box) > x
      case 'row-reverse':
        return centreX(box) < x
      case 'column':
        return centreY(box) > y
      case 'column-reverse':
        return centreY(box) < y
      case 'grid':
        return box.top > y || (box.top + box.height >= y && centreX(box) > x)
    }
    return false
  })
  return index === -1 ? children.length : index
}

/**
 * The drop indicator for index `index`: a line of `thickness` across the flow, at the leading edge of
 * the child it lands before (its trailing edge for the last place); the container's inner box when it
 * has no children.
 */
export function indicatorBox(
  flow: Flow,
  children: readonly ClientBox[],
  index: number,
  container: ClientBox,
  thickness: number,
): ClientBox {
  const before = children[index]
  const after = children[index - 1]
  const anchor = before ?? after
  if (!anchor) return container
  const atEnd = !before
  const horizontal = flow === 'column' || flow === 'column-reverse'
  if (horizontal) {
    const leading = flow === 'column' ? !atEnd : atEnd
    const y = leading ? anchor.top : anchor.top + anchor.height
    return { left: anchor.left, top: y - thickness / 2, width: anchor.width, height: thickness }
  }
  const leading = flow === 'row-reverse' ? atEnd : !atEnd
  const x = leading ? anchor.left : anchor.left + anchor.width
  return { left: x - thickness / 2, top: anchor.top, width: thickness, height: anchor.height }
}

/**
 * Whether a point is in a container's inner part, where a drop goes into it rather than beside it: the
 * box less an edge of a quarter of its size, at most `edge` px.
 */
export function insideInner(box: ClientBox, x: number, y: number, edge: number): boolean {
  const dx = Math.min(edge, box.width / 4)
  const dy = Math.min(edge, box.height / 4)
  return (
    x >= box.left + dx &&
    x <= box.left + box.width - dx &&
    y >= box.top + dy &&
    y <= box.top + box.height - dy
  )
}
