import type { CssEvalsPayload, ElementKey } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test, vi } from 'vitest'
import { MixedStyles, mixedProperties } from './mixed-styles.ts'
import { SliceStore } from './slice.ts'
import type { StylesView } from './styles.ts'

const key = (n: number): ElementKey => ({
  codebaseId: `tempo-6ba7b810-9dad-41d1-80b4-00c04fd4300${n}`,
  storyboardId: 'app',
  uniquePath: `0-${n}`,
})
const evals = (styles: Record<string, string>): CssEvalsPayload => ({
  styles,
  parent: null,
  darkEnabledInParent: false,
})
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('mixedProperties', () => {
  test('the properties any other element has another value of', () => {
    expect(
      mixedProperties({ color: 'red', width: '40px', height: '1px' }, [
        { color: 'red', width: '40px', height: '2px' },
        { color: 'blue', width: '40px', height: '1px' },
      ]),
    ).toEqual(['color', 'height'])
    expect(mixedProperties({ color: 'red' }, [])).toEqual([])
  })
})

describe('MixedStyles', () => {
  function setup(others: Record<string, CssEvalsPayload | null>) {
    const store = new SliceStore(() => null)
    let view: StylesView = { key: null, status: 'none', evals: null, rules: [], error: null }
    let targets: ElementKey[] = []
    const bridge = {
      call: vi.fn(async (_name: string, target: ElementKey) => others[target.codebaseId] ?? null),
    }
    const mixed = new MixedStyles(store, { bridge, styles: () => view, targets: () => targets })
    return {
      mixed,
      bridge,
      show(next: StylesView, selected: ElementKey[]) {
        view = next
        targets = selected
        mixed.update()
      },
    }
  }

  test('compares the others with the first once its values are read, and again for new values only', async () => {
    const first = evals({ color: 'red', width: '40px' })
    const { mixed, bridge, show } = setup({ [key(2).codebaseId]: evals({ color: 'blue', width: '40px' }) })
    const ready: StylesView = { key: key(1), status: 'ready', evals: first, rules: [], error: null }
    show(ready, [key(1), key(2)])
    await flush()
    expect(mixed.state.mixedStyles.of).toBe(first)
    expect([...mixed.state.mixedStyles.properties]).toEqual(['color'])
    expect(bridge.call).toHaveBeenCalledWith('getCssEvals', key(2))
    mixed.update()
    expect(bridge.call).toHaveBeenCalledTimes(1)
    // One element: nothing is mixed, nothing read.
    show(ready, [key(1)])
    expect(mixed.state.mixedStyles.of).toBeNull()
    expect(bridge.call).toHaveBeenCalledTimes(1)
  })

  test('an element gone from the page: logged, and nothing shown as mixed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const first = evals({ color: 'red' })
    const { mixed, show } = setup({})
    show({ key: key(1), status: 'ready', evals: first, rules: [], error: null }, [key(1), key(3)])
    await flush()
    expect(mixed.state.mixedStyles).toEqual({ of: first, properties: new Set() })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no longer in the page'))
    warn.mockRestore()
  })
})
