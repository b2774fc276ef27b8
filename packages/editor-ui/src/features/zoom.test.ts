import { describe, expect, test } from 'vitest'
import { CANVAS_GUTTER_PX, clampZoom, fitZoom, MAX_ZOOM, MIN_ZOOM, nextZoom, stepZoom } from './zoom.ts'

describe('zoom', () => {
  test('stays within 25-400 % and whole percents; nonsense is 100 %', () => {
    expect([MIN_ZOOM, MAX_ZOOM]).toEqual([25, 400])
    expect(clampZoom(10)).toBe(MIN_ZOOM)
    expect(clampZoom(1000)).toBe(MAX_ZOOM)
    expect(clampZoom(33.4)).toBe(33)
    expect(clampZoom(Number.NaN)).toBe(100)
  })

  test('a wheel or pinch zooms in proportion: opposite deltas come back to the start', () => {
    const zoomedIn = nextZoom(100, -100)
    expect(zoomedIn).toBeGreaterThan(100)
    expect(nextZoom(100, 100)).toBeLessThan(100)
    expect(Math.abs(nextZoom(zoomedIn, 100) - 100)).toBeLessThanOrEqual(1)
    expect(nextZoom(MAX_ZOOM, -1000)).toBe(MAX_ZOOM)
  })
})

describe('zoom steps and fit', () => {
  test('zooming in and out goes to the next step of the menu, from any zoom', () => {
    expect(stepZoom(100, 1)).toBe(125)
    expect(stepZoom(100, -1)).toBe(75)
    expect(stepZoom(110, -1)).toBe(100)
    expect(stepZoom(110, 1)).toBe(125)
    expect(stepZoom(MAX_ZOOM, 1)).toBe(MAX_ZOOM)
    expect(stepZoom(MIN_ZOOM, -1)).toBe(MIN_ZOOM)
  })

  test('fit shows the whole frame: 100% when it fits, less when it does not, never under 25%', () => {
    expect(fitZoom(390, 900)).toBe(100)
    expect(fitZoom(1280, 900 + CANVAS_GUTTER_PX)).toBe(70)
    expect(fitZoom(3840, 300)).toBe(MIN_ZOOM)
    expect(fitZoom(1280, 0)).toBe(100)
  })
})
