import { describe, expect, test } from 'vitest'
import {
  BREAKPOINTS,
  breakpointOf,
  clampFrameWidth,
  frameLabelName,
  MAX_EXTRA_FRAMES,
  newFrameId,
  parseFrames,
  rekey,
} from './frames-model.ts'

describe('breakpoint frames', () => {
  test("the breakpoints users know, with Tailwind's widths", () => {
    expect(BREAKPOINTS.filter((b) => b.name !== 'phone').map((b) => `${b.name} ${b.width}`)).toEqual([
      'sm 640',
      'md 768',
      'lg 1024',
      'xl 1280',
      '2xl 1536',
    ])
    expect(breakpointOf(1024)).toBe('lg')
    expect(breakpointOf(1000)).toBeNull()
    expect(frameLabelName(768)).toBe('md')
    expect(frameLabelName(390)).toBeNull()
    expect(frameLabelName(901)).toBeNull()
  })

  test('widths stay within 240-3840 px, whole pixels', () => {
    expect(clampFrameWidth(10)).toBe(240)
    expect(clampFrameWidth(9000)).toBe(3840)
    expect(clampFrameWidth(767.6)).toBe(768)
    expect(clampFrameWidth(Number.NaN)).toBe(768)
  })

  test('a new frame gets a storyboard id of its own, valid for the spec', () => {
    expect(newFrameId(768, [])).toBe('app-768')
    const taken = [
      { id: 'app-768', width: 900 },
      { id: 'app-768_2', width: 768 },
    ]
    expect(newFrameId(768, taken)).toBe('app-768_3')
    for (const id of ['app-768', newFrameId(768, taken)]) expect(id).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  test('the kept list is read back leniently: what is not ours is left out', () => {
    expect(parseFrames(null)).toEqual([])
    expect(parseFrames('{')).toEqual([])
    expect(parseFrames('{"id":"app-768"}')).toEqual([])
    expect(
      parseFrames(
        JSON.stringify([
          { id: 'app-768', width: 768 },
          { id: 'app-768', width: 500 },
          { id: '<script>', width: 500 },
          { id: 'app-1280', width: 99999 },
          { id: 'app-640', width: '640' },
          null,
        ]),
      ),
    ).toEqual([
      { id: 'app-768', width: 768 },
      { id: 'app-1280', width: 3840 },
    ])
    const many = Array.from({ length: 9 }, (_, index) => ({ id: `app-${300 + index}`, width: 300 + index }))
    expect(parseFrames(JSON.stringify(many))).toHaveLength(MAX_EXTRA_FRAMES)
  })

  test('rekey moves keys from one storyboard to another, deep, leaving the rest', () => {
    const key = { codebaseId: 'tempo-1', storyboardId: 'app', uniquePath: '0-1' }
    expect(rekey(key, 'app', 'app-768')).toEqual({ ...key, storyboardId: 'app-768' })
    expect(rekey([key, null, 3], 'app', 'app-768')).toEqual([{ ...key, storyboardId: 'app-768' }, null, 3])
    const other = { elementKey: { ...key, storyboardId: 'app-1024' }, x: 1 }
    expect(rekey(other, 'app', 'app-768')).toEqual(other)
    expect(rekey({ nested: { elementKey: key } }, 'app', 'x').nested.elementKey.storyboardId).toBe('x')
    expect(key.storyboardId).toBe('app')
  })
})
