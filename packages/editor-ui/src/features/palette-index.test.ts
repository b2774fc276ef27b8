import type { NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { SKIP_ROOT_CODEBASE_ID } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test } from 'vitest'
import { EDITOR_ACTIONS } from './actions.ts'
import {
  actionEntries,
  elementEntries,
  filterEntries,
  matchesRoute,
  routeEntries,
  routeParams,
} from './palette-index.ts'

/** A tree of `specs` ([name, parent index, text]), parents first. */
function tree(specs: readonly (readonly [string, number | null, string?])[]): NavTreeNode[] {
  const nodes: NavTreeNode[] = []
  specs.forEach(([name, parent, text], index) => {
    const codebaseId =
      name === 'SKIP-ROOT'
        ? SKIP_ROOT_CODEBASE_ID
        : `tempo-00000000-0000-0000-0000-${String(index).padStart(12, '0')}`
    nodes.push({
      key: { codebaseId, storyboardId: 'main', uniquePath: `0-${index}` },
      parent,
      children: [],
      name,
      elementTagName: name,
      isComponent: /^[A-Z]/.test(name) && name !== 'SKIP-ROOT',
      ...(text ? { literalChildren: [text] } : {}),
      pageBoundingBox: { pageX: 0, pageY: 0, width: 0, height: 0 },
      level: parent === null ? 0 : (nodes[parent]?.level ?? 0) + 1,
    })
    if (parent !== null) nodes[parent]?.children.push(index)
  })
  return nodes
}

describe('element entries', () => {
  const nodes = tree([
    ['SKIP-ROOT', null],
    ['App', 0],
    ['Header', 1],
    ['nav', 2],
    ['a', 3, 'Sell  an item'],
    ['main', 1],
    ['Section', 5],
    ['ul', 6],
    ['li', 7],
    ['Button', 8, 'Buy'],
  ])

  test('every node but the placeholder root, its nearest three ancestors and file:line', () => {
    const lookups = new Map([[nodes[4]?.key.codebaseId as string, { file: 'src/Header.tsx', line: 12 }]])
    const entries = elementEntries(nodes, lookups)
    expect(entries.map((entry) => entry.title)).toEqual([
      'App',
      'Header',
      'nav',
      'a',
      'main',
      'Section',
      'ul',
      'li',
      'Button',
    ])
    const link = entries[3]
    expect(link?.parents).toBe('App › Header › nav')
    expect(link?.location).toBe('src/Header.tsx:12')
    expect(link?.hint).toBe('Sell an item')
    expect(entries[0]?.parents).toBe('')
    expect(entries.at(-1)?.parents).toBe('Section › ul › li')
    expect(entries.at(-1)?.location).toBeNull()
  })

  test('a query finds by name first, then by text, file or parents', () => {
    const entries = elementEntries(nodes, new Map())
    expect(filterEntries(entries, 'button', 10).shown.map((entry) => entry.title)).toEqual(['Button'])
    // "a" is the link's name: it comes first, then names that have an "a", then the rest.
    const found = filterEntries(entries, 'a', 10).shown.map((entry) => entry.title)
    expect(found[0]).toBe('a')
    expect(found.slice(1, 4)).toEqual(['App', 'Header', 'nav'])
    expect(filterEntries(entries, 'sell item', 10).shown.map((entry) => entry.title)).toEqual(['a'])
    expect(filterEntries(entries, 'section li', 10).shown.map((entry) => entry.title)).toEqual([
      'li',
      'Button',
    ])
    expect(filterEntries(entries, 'nothing like it', 10)).toEqual({ shown: [], total: 0 })
  })

  test('at most `limit` shown, and how many matched', () => {
    const many = elementEntries(
      tree([['main', null], ...Array.from({ length: 120 }, () => ['div', 0] as const)]),
      new Map(),
    )
    const found = filterEntries(many, 'div', 50)
    expect(found.shown).toHaveLength(50)
    expect(found.total).toBe(120)
    expect(filterEntries(many, '', 50).total).toBe(121)
  })
})

describe('action entries', () => {
  test('found by title, keyword or group, with their shortcut', () => {
    const entries = actionEntries(EDITOR_ACTIONS, (action) => (action.id === 'undo' ? 'Ctrl+Z' : null))
    expect(filterEntries(entries, 'undo', 50).shown[0]?.shortcut).toBe('Ctrl+Z')
    expect(filterEntries(entries, 'mobile', 50).shown.map((entry) => entry.id)).toEqual(['width-390'])
    expect(filterEntries(entries, 'dark', 50).shown.map((entry) => entry.id)).toEqual(['theme'])
  })
})

describe('routes', () => {
  test('visited first, then the declared ones not visited, each once; params listed', () => {
    const entries = routeEntries(
      ['/listing/L1001', '/about'],
      [
        { path: '/about', file: 'src/App.tsx', line: 3 },
        { path: '/listing/:id', file: 'src/App.tsx', line: 4 },
        { path: '/admin/*', file: 'src/App.tsx', line: 5 },
      ],
    )
    expect(entries.map((entry) => [entry.path, entry.location, entry.params])).toEqual([
      ['/listing/L1001', null, []],
      ['/about', null, []],
      ['/listing/:id', 'src/App.tsx:4', ['id']],
      ['/admin/*', 'src/App.tsx:5', ['*']],
    ])
  })

  test.each([
    ['/listing/:id/:tab?', ['id', 'tab']],
    ['/about', []],
  ])('routeParams(%j)', (path, params) => {
    expect(routeParams(path)).toEqual(params)
  })

  test.each([
    ['/listing/L1001', '/listing/:id', true],
    ['/listing/L1001?tab=2', '/listing/:id', true],
    ['/listing', '/listing/:id', false],
    ['/listing/L1001/more', '/listing/:id', false],
    ['/users', '/users/:id?', true],
    ['/admin/users/7', '/admin/*', true],
    ['/about', '/contact', false],
  ])('%s matches %s: %s', (address, route, matches) => {
    expect(matchesRoute(address, route)).toBe(matches)
  })
})
