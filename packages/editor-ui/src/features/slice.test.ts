import { expect, test } from 'vitest'
import { SliceStore } from './slice.ts'

test("React's snapshot is one object until a slice changes, and each slice's keys are its own", () => {
  let composed = 0
  const store: SliceStore<{ zoom: number; href: string }> = new SliceStore(() => {
    composed += 1
    return { ...view.state, ...page.state }
  })
  const view = store.slice({ zoom: 100 })
  const page = store.slice({ href: '' })
  let told = 0
  store.subscribe(() => {
    told += 1
  })

  const first = store.state
  expect(store.state).toBe(first)
  expect(first).toEqual({ zoom: 100, href: '' })
  view.set({ zoom: 150 })
  expect(told).toBe(1)
  expect(store.state).not.toBe(first)
  expect(store.state).toEqual({ zoom: 150, href: '' })
  expect(composed).toBe(2)
})
