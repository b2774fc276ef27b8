import { describe, expect, test, vi } from 'vitest'
import { ACTION_GROUPS, type ActionHost, actionsByGroup, EDITOR_ACTIONS } from './actions.ts'

const host = (state = { dark: false, ai: false }): ActionHost => ({
  run: vi.fn(async () => {}),
  setWidth: vi.fn(),
  zoomToFit: vi.fn(),
  setDrive: vi.fn(async () => {}),
  setDark: vi.fn(),
  setAi: vi.fn(),
  navigate: vi.fn(),
  togglePanel: vi.fn(),
  state,
})

const action = (id: string) => {
  const found = EDITOR_ACTIONS.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`no action ${id}`)
  return found
}

describe('the editor actions', () => {
  test('ids are unique and every group is one of the groups', () => {
    const ids = EDITOR_ACTIONS.map((candidate) => candidate.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const candidate of EDITOR_ACTIONS) expect(ACTION_GROUPS).toContain(candidate.group)
  })

  test('an action of a key command runs the command, the others call the host', async () => {
    const target = host({ dark: true, ai: false })
    await action('undo').run(target)
    expect(target.run).toHaveBeenCalledWith('undo')
    await action('width-390').run(target)
    expect(target.setWidth).toHaveBeenCalledWith(390)
    await action('theme').run(target)
    expect(target.setDark).toHaveBeenCalledWith(false)
    await action('ai-context').run(target)
    expect(target.setAi).toHaveBeenCalledWith(true)
    await action('drive-mode').run(target)
    expect(target.setDrive).toHaveBeenCalledWith(true)
    await action('reload').run(target)
    expect(target.navigate).toHaveBeenCalledWith('refresh')
    await action('layers-panel').run(target)
    expect(target.togglePanel).toHaveBeenCalledWith('layers')
  })

  test('the sheet lists every action by group, with the shortcut of its command for the platform', () => {
    const mac = actionsByGroup(EDITOR_ACTIONS, true)
    const other = actionsByGroup(EDITOR_ACTIONS, false)
    expect(mac.map((entry) => entry.group)).toEqual([...ACTION_GROUPS])
    expect(mac.flatMap((entry) => entry.actions).length).toBe(EDITOR_ACTIONS.length)
    const shortcut = (groups: typeof mac, id: string) =>
      groups.flatMap((entry) => entry.actions).find((shown) => shown.action.id === id)?.shortcut
    expect(shortcut(mac, 'redo')).toBe('⇧⌘Z')
    expect(shortcut(other, 'redo')).toBe('Ctrl+Shift+Z')
    expect(shortcut(other, 'palette')).toBe('Ctrl+K')
    expect(shortcut(other, 'zoom-fit')).toBeNull()
  })
})
