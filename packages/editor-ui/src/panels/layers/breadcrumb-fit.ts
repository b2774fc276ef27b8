/** The crumbs of a path left out of the bar, `from` (included) to `to` (excluded); none when equal. */
export interface HiddenCrumbs {
  from: number
  to: number
}

/**
 * Which crumbs of a path give way when the bar is too narrow for all of them: the middle ones, behind
 * an ellipsis. The selected element (the last crumb) always shows, the top one when it fits beside it,
 * then as many of the nearest ancestors as fit.
 *
 *   widths [30, 40, 40, 40, 50] in 160 px, ellipsis 20  ->  crumbs 0, …, 3, 4   ({ from: 1, to: 3 })
 *
 * `widths` are each crumb's width with its separator, `ellipsisPx` the ellipsis button's with its own.
 */
export function hiddenCrumbs(widths: readonly number[], available: number, ellipsisPx: number): HiddenCrumbs {
  const count = widths.length
  const total = widths.reduce((sum, width) => sum + width, 0)
  if (count <= 1 || total <= available) return { from: count, to: count }
  let room = available - ellipsisPx - (widths[count - 1] as number)
  let from = 0
  if ((widths[0] as number) <= room) {
    room -= widths[0] as number
    from = 1
  }
  let to = count - 1
  while (to > from && (widths[to - 1] as number) <= room) {
    room -= widths[to - 1] as number
    to--
  }
  return { from, to }
}
