// @vitest-environment happy-dom
import type { LookupsResponse } from 'vite-plugin-visual-edit/protocol'
import { afterEach, expect, test, vi } from 'vitest'
import { InspectorBridge } from '../port/inspector-bridge.ts'
import { Lookups } from './lookups.ts'
import { SliceStore } from './slice.ts'
import { Toaster } from './toaster.ts'

const ID = 'tempo-6ba7b810-9dad-41d1-80b4-00c04fd43000'
const OTHER = 'tempo-6ba7b810-9dad-41d1-80b4-00c04fd43001'
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const lookup = (line: number) => ({
  file: 'src/App.tsx',
  line,
  column: 4,
  tagName: 'h1',
  isComponent: false,
  parentId: null,
  text: 'static' as const,
  staticText: 'Hello',
  classes: ['p-4'],
  classesEditable: true,
})

afterEach(() => vi.restoreAllMocks())

test("an answer the same as the lookups known is not handed to the app's page again: it would rebuild the tree, and each tree asks the selection's lookups again", async () => {
  const store = new SliceStore(() => null)
  const bridge = new InspectorBridge()
  const call = vi.spyOn(bridge, 'call').mockResolvedValue(true as never)
  const answers: LookupsResponse[] = [
    { stylingFramework: 'Tailwind', lookups: { [ID]: lookup(3) } },
    { stylingFramework: 'Tailwind', lookups: { [ID]: lookup(3) } },
    { stylingFramework: 'Tailwind', lookups: { [ID]: lookup(5), [OTHER]: lookup(9) } },
  ]
  const lookups = vi.fn(async () => answers.shift() as LookupsResponse)
  const feature = new Lookups(store, { api: { lookups }, bridge, toaster: new Toaster(store) })

  feature.ask([ID])
  await flush()
  const first = feature.state.lookups
  feature.ask([ID])
  await flush()
  // The same answer: no call, and the state is the same object (nothing redraws).
  expect(feature.state.lookups).toBe(first)
  feature.ask([ID, OTHER])
  await flush()
  expect(call.mock.calls).toEqual([
    ['setNewLookups', { [ID]: lookup(3) }],
    ['setNewLookups', { [ID]: lookup(5), [OTHER]: lookup(9) }],
  ])
  expect(feature.state.lookups.get(ID)).toEqual(lookup(5))
})
