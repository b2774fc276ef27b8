import { Selection } from '../../../packages/editor-ui/src/features/selection.ts'
import { SliceStore } from '../../../packages/editor-ui/src/features/slice.ts'
import type { ElementKey } from '../../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'
import { createElementKey } from '../../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'

/** A tagged codebase id, the n-th. */
export const id = (n: number) => `tempo-3f2a8c1e-5b7d-4e9f-8a6b-${String(n).padStart(12, '0')}`
/** The n-th element's key, at `0-n` unless told. */
export const key = (n: number, path = `0-${n}`): ElementKey => createElementKey(id(n), 'app', path)

/** The editor's Selection feature with a page that answers every call; siblings are keys with even numbers. */
export function selection(): Selection {
  const bridge = { call: async () => null }
  const tree = { areSiblings: (a: ElementKey, b: ElementKey) => a.uniquePath.length === b.uniquePath.length }
  const lookups = { ask: () => {} }
  return new Selection(new SliceStore(() => ({})), { bridge, tree, lookups } as never)
}
