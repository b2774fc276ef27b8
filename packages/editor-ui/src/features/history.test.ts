import type { HistoryEntryView, HistoryResponse, MutateResponse } from 'vite-plugin-visual-edit/protocol'
import { describe, expect, test, vi } from 'vitest'
import { type ServerApi, ServerError } from '../api/server-api.ts'
import { createChangeItem, markInstantUpdateFinished, markProcessedFailed } from '../ledger/change-item.ts'
import { ChangeLedger } from '../ledger/ledger.ts'
import { ChangeHistory, stoppedAt } from './history.ts'
import { historyRows } from './history-rows.ts'
import { SliceStore } from './slice.ts'

/**
 * The History feature without a browser: a fake dev server keeps one canvas's undo and redo stacks as
 * the real one does (history.ts), the ledger is the real one, so each test reads what the panel would.
 */
const A = 'tempo-6ba7b810-9dad-41d1-80b4-00c04fd43001'
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const entry = (
  id: number,
  path = `src/F${id}.tsx`,
  type: HistoryEntryView['type'] = 'EDIT_TEXT',
): HistoryEntryView => ({
  id,
  type,
  at: 1000 + id,
  files: [{ path, change: 'modified', added: 1, removed: 1, diff: `--- a/${path}\n+++ b/${path}\n` }],
})

const editText = () => ({
  type: 'EDIT_TEXT',
  changeFields: { codebaseIdToEditText: A, newText: 'new', oldText: 'old' },
})

/** A canvas on a fake server: `entries` oldest first, `applied` of them applied; `refuse` fails one undo. */
function fakeServer(count: number) {
  const server = { entries: Array.from({ length: count }, (_, index) => entry(index + 1)), applied: count }
  const refuse = new Set<number>()
  const calls: string[] = []
  const answer = (id: number): MutateResponse => ({ ok: true, files: [`src/F${id}.tsx`] })
  const api = {
    canvasId: 'c',
    history: vi.fn(
      async (): Promise<HistoryResponse> => ({ ...server, entries: [...server.entries], limit: 100 }),
    ),
    mutate: vi.fn(async () => {
      const id = (server.entries.at(-1)?.id ?? 0) + 1
      server.entries = [...server.entries.slice(0, server.applied), entry(id)]
      server.applied = server.entries.length
      calls.push(`edit ${id}`)
      return answer(id)
    }),
    undo: vi.fn(async () => {
      const top = server.entries[server.applied - 1]
      if (!top) throw new ServerError(409, 'NOTHING_TO_UNDO', 'There is nothing to undo on this canvas.')
      if (refuse.has(top.id))
        throw new ServerError(
          409,
          'FILE_CHANGED',
          `src/F${top.id}.tsx changed since this edit, so undo would overwrite that change. Nothing was written.`,
        )
      server.applied -= 1
      calls.push(`undo ${top.id}`)
      return answer(top.id)
    }),
    redo: vi.fn(async () => {
      const next = server.entries[server.applied]
      if (!next) throw new ServerError(409, 'NOTHING_TO_REDO', 'There is nothing to redo on this canvas.')
      server.applied += 1
      calls.push(`redo ${next.id}`)
      return answer(next.id)
    }),
  } as unknown as ServerApi
  return { server, api, calls, refuse }
}

function setup(count: number) {
  const fake = fakeServer(count)
  const ledger = new ChangeLedger({
    api: fake.api,
    refOf: (codebaseId) => ({ codebaseId }),
    remapped: () => {},
  })
  const store = new SliceStore(() => null)
  const history = new ChangeHistory(store, {
    api: fake.api,
    ledger,
    step: (direction) => (direction === 'undo' ? ledger.undo() : ledger.redo()),
  })
  return { ...fake, ledger, history }
}

const states = (history: ChangeHistory) => history.state.history.rows.map((row) => `${row.key} ${row.state}`)

describe('historyRows', () => {
  test('newest first: waiting changes, undone entries, saved ones, failures among them by time', () => {
    const shown = markInstantUpdateFinished(createChangeItem(editText()), true)
    const waiting = createChangeItem(editText())
    const failed = {
      ...markProcessedFailed(
        createChangeItem(editText()),
        'The className is an expression.',
        'EDIT_IMPOSSIBLE',
      ),
      at: 1002.5,
    }
    const rows = historyRows({
      server: { entries: [entry(1), entry(2), entry(3), entry(4)], applied: 3, limit: 100 },
      steps: { undo: [1, 1, 1], redo: [1] },
      items: [failed, shown, waiting],
    })
    expect(rows.map((row) => `${row.name} ${row.state}`)).toEqual([
      'Edit text pending',
      'Edit text shown',
      'Edit text undone',
      'Edit text saved',
      'Edit text failed',
      'Edit text saved',
      'Edit text saved',
    ])
    expect(rows[4]?.failure).toEqual({
      title: 'Edit text did not apply.',
      detail: 'The className is an expression.',
    })
    // Undo to the oldest saved entry takes back the three saved ones, newest first.
    expect(rows[6]?.reach).toEqual({
      direction: 'undo',
      steps: [3, 2, 1].map((id) => ({ name: 'Edit text', files: [`src/F${id}.tsx`] })),
    })
    expect(rows[2]?.reach).toEqual({
      direction: 'redo',
      steps: [{ name: 'Edit text', files: ['src/F4.tsx'] }],
    })
  })

  test("the ledger's multi-entry steps are one row, aligned from the top; older entries are rows of one", () => {
    const rows = historyRows({
      server: {
        entries: [entry(1), entry(2, 'src/A.tsx', 'STYLING'), entry(3, 'src/B.tsx', 'STYLING')],
        applied: 3,
        limit: 100,
      },
      steps: { undo: [2], redo: [] },
      items: [],
    })
    expect(rows.map((row) => [row.key, row.name, row.files.map((file) => file.path)])).toEqual([
      ['entry-2', 'Change style ×2', ['src/A.tsx', 'src/B.tsx']],
      ['entry-1', 'Edit text', ['src/F1.tsx']],
    ])
    expect(rows[1]?.reach?.steps).toHaveLength(2)
  })

  test('a failed undo names the change and says how to put it right', () => {
    const undo = createChangeItem({
      type: 'UNDO',
      changeFields: { changeToUndo: createChangeItem(editText()).change },
    })
    const failed = markProcessedFailed(
      undo,
      'src/App.tsx changed since this edit, so undo would overwrite that change. Nothing was written.',
      'FILE_CHANGED',
    )
    const [row] = historyRows({ server: null, steps: { undo: [], redo: [] }, items: [failed] })
    expect(row?.name).toBe('Undo of "Edit text"')
    expect(row?.failure?.title).toBe('Undo of "Edit text" did not apply: a file changed since that edit.')
    expect(row?.failure?.detail).toContain("Put the file back as it was (your code editor's undo or git)")
  })
})

describe('ChangeHistory', () => {
  test('the first read teaches the ledger the entries made before a reload', async () => {
    const { history, ledger } = setup(4)
    expect(ledger.canUndo).toBe(false)
    history.load()
    await flush()
    expect(ledger.steps).toEqual({ undo: [1, 1, 1, 1], redo: [] })
    expect(history.state.history.status).toBe('ready')
    expect(states(history)).toEqual(['entry-4 saved', 'entry-3 saved', 'entry-2 saved', 'entry-1 saved'])
  })

  test('undo to the third entry undoes the fourth and the third; redo to the fourth puts both back', async () => {
    const { history, calls, server } = setup(4)
    history.watch()
    await flush()
    const third = history.state.history.rows.find((row) => row.key === 'entry-3')
    expect(await history.travel(third?.reach as never)).toBe(true)
    await flush()
    expect(calls).toEqual(['undo 4', 'undo 3'])
    expect(server.applied).toBe(2)
    expect(states(history)).toEqual(['entry-4 undone', 'entry-3 undone', 'entry-2 saved', 'entry-1 saved'])
    const fourth = history.state.history.rows.find((row) => row.key === 'entry-4')
    expect(fourth?.reach?.direction).toBe('redo')
    expect(await history.travel(fourth?.reach as never)).toBe(true)
    await flush()
    expect(calls).toEqual(['undo 4', 'undo 3', 'redo 3', 'redo 4'])
    expect(states(history)).toEqual(['entry-4 saved', 'entry-3 saved', 'entry-2 saved', 'entry-1 saved'])
  })

  test('a travel stops at the first step that fails and says which change and files', async () => {
    const { history, calls, refuse } = setup(4)
    history.watch()
    await flush()
    refuse.add(3)
    const second = history.state.history.rows.find((row) => row.key === 'entry-2')
    expect(await history.travel(second?.reach as never)).toBe(false)
    await flush()
    expect(calls).toEqual(['undo 4'])
    expect(history.state.history.stopped?.title).toBe(
      'Undo stopped after 1 of 3 steps: Undo of "Edit text" did not apply: a file changed since that edit.',
    )
    expect(history.state.history.stopped?.detail).toMatch(/Files: src\/F3\.tsx\.$/)
    expect(history.state.history.rows.some((row) => row.state === 'failed')).toBe(true)
    history.dismissStopped()
    expect(history.state.history.stopped).toBeNull()
  })

  test('a new edit after the reload is a row of its own and the undone ones are gone, as on the server', async () => {
    const { history, ledger } = setup(2)
    history.watch()
    await flush()
    await ledger.undo()
    await flush()
    expect(states(history)).toEqual(['entry-2 undone', 'entry-1 saved'])
    await ledger.submit(editText())
    await flush()
    expect(states(history)).toEqual(['entry-3 saved', 'entry-1 saved'])
  })

  test('no travel while a change is being saved', async () => {
    const { history, ledger, api } = setup(1)
    history.watch()
    await flush()
    let release: (value: MutateResponse) => void = () => {}
    vi.mocked(api.mutate).mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = resolve
        }),
    )
    const saving = ledger.submit(editText())
    expect(history.state.history.saving).toBe(true)
    const [row] = history.state.history.rows.filter((entry) => entry.state === 'saved')
    expect(await history.travel(row?.reach as never)).toBe(false)
    await vi.waitFor(() => expect(api.mutate).toHaveBeenCalled())
    release({ ok: true, files: ['src/F2.tsx'] })
    await saving
    expect(history.state.history.saving).toBe(false)
  })
})

describe('stoppedAt', () => {
  test('a dev server that does not answer', () => {
    expect(stoppedAt('redo', 0, 1, { name: 'Move', files: [] }, new TypeError('Failed to fetch'))).toEqual({
      title: 'Redo stopped after 0 of 1 step: Redo of "Move" did not apply: the dev server did not answer.',
      detail: 'Check that visual-edit edit is still running in your terminal, then try again.',
    })
  })
})
