import { describe, expect, test } from 'vitest'
import { flowOf, indicatorBox, insertionIndex, insideInner } from './drop-target.ts'

const box = (left: number, top: number, width = 100, height = 40) => ({ left, top, width, height })

describe('flowOf', () => {
  test.each([
    ['block', '', 'nowrap', 'column'],
    ['flex', 'row', 'nowrap', 'row'],
    ['inline-flex', 'row', 'nowrap', 'row'],
    ['flex', 'row', 'wrap', 'grid'],
    ['flex', 'column', 'wrap', 'column'],
    ['flex', 'row-reverse', 'nowrap', 'row-reverse'],
    ['flex', 'column-reverse', 'nowrap', 'column-reverse'],
    ['grid', 'row', 'nowrap', 'grid'],
    ['inline-grid', 'row', 'nowrap', 'grid'],
  ])('%s %s %s -> %s', (display, direction, wrap, flow) => {
    expect(flowOf(display, direction, wrap)).toBe(flow)
  })
})

describe('insertionIndex', () => {
  const row = [box(0, 0), box(110, 0), box(220, 0)]
  const column = [box(0, 0), box(0, 50), box(0, 100)]

  test('along a row: before the first child whose centre is right of the point', () => {
    expect(insertionIndex('row', row, 10, 20)).toBe(0)
    expect(insertionIndex('row', row, 60, 20)).toBe(1)
    expect(insertionIndex('row', row, 200, 20)).toBe(2)
    expect(insertionIndex('row', row, 300, 20)).toBe(3)
  })

  test('along a column: before the first child whose centre is below the point', () => {
    expect(insertionIndex('column', column, 50, 5)).toBe(0)
    expect(insertionIndex('column', column, 50, 30)).toBe(1)
    expect(insertionIndex('column', column, 50, 135)).toBe(3)
  })

  test('reversed flows look the other way', () => {
    // row-reverse: document order right to left.
    const reversed = [box(220, 0), box(110, 0), box(0, 0)]
    expect(insertionIndex('row-reverse', reversed, 300, 20)).toBe(0)
    expect(insertionIndex('row-reverse', reversed, 200, 20)).toBe(1)
    expect(insertionIndex('row-reverse', reversed, 10, 20)).toBe(3)
    const up = [box(0, 100), box(0, 50), box(0, 0)]
    expect(insertionIndex('column-reverse', up, 50, 135)).toBe(0)
    expect(insertionIndex('column-reverse', up, 50, 5)).toBe(3)
  })

  test('in a grid: reading order, row by row', () => {
    const grid = [box(0, 0), box(110, 0), box(0, 50), box(110, 50)]
    expect(insertionIndex('grid', grid, 5, 20)).toBe(0)
    expect(insertionIndex('grid', grid, 100, 20)).toBe(1)
    expect(insertionIndex('grid', grid, 200, 20)).toBe(2)
    expect(insertionIndex('grid', grid, 100, 70)).toBe(3)
    expect(insertionIndex('grid', grid, 200, 70)).toBe(4)
  })

  test('no children: index 0', () => {
    expect(insertionIndex('column', [], 0, 0)).toBe(0)
  })
})

describe('indicatorBox', () => {
  const container = box(0, 0, 400, 200)

  test('a column gets a horizontal line at the leading edge, the trailing edge at the end', () => {
    const column = [box(0, 0), box(0, 50)]
    expect(indicatorBox('column', column, 1, container, 2)).toEqual({
      left: 0,
      top: 49,
      width: 100,
      height: 2,
    })
    expect(indicatorBox('column', column, 2, container, 2)).toEqual({
      left: 0,
      top: 89,
      width: 100,
      height: 2,
    })
  })

  test('a row or grid gets a vertical line', () => {
    const row = [box(0, 0), box(110, 0)]
    expect(indicatorBox('row', row, 1, container, 2)).toEqual({ left: 109, top: 0, width: 2, height: 40 })
    expect(indicatorBox('grid', row, 2, container, 2)).toEqual({ left: 209, top: 0, width: 2, height: 40 })
    expect(indicatorBox('row-reverse', row, 0, container, 2)).toEqual({
      left: 99,
      top: 0,
      width: 2,
      height: 40,
    })
  })

  test('an empty container is outlined whole', () => {
    expect(indicatorBox('column', [], 0, container, 2)).toEqual(container)
  })
})

test('insideInner: the box less a quarter of its size, at most the edge', () => {
  const target = box(0, 0, 200, 100)
  expect(insideInner(target, 100, 50, 12)).toBe(true)
  expect(insideInner(target, 5, 50, 12)).toBe(false)
  expect(insideInner(target, 100, 95, 12)).toBe(false)
  // A small box: a quarter of 20 is 5.
  expect(insideInner(box(0, 0, 20, 20), 6, 6, 12)).toBe(true)
  expect(insideInner(box(0, 0, 20, 20), 4, 6, 12)).toBe(false)
})
