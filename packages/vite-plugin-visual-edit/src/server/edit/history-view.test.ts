import { describe, expect, test } from 'vitest'
import { MAX_DIFF_BYTES, MAX_DIFF_LINES } from '../../protocol/history.ts'
import { History, type HistoryEntry } from './history.ts'
import { historyView, unifiedDiff } from './history-view.ts'

const version = (relativePath: string, before: string | Buffer | null, after: string | Buffer | null) => ({
  file: `/p/${relativePath}`,
  relativePath,
  before: typeof before === 'string' ? Buffer.from(before) : before,
  after: typeof after === 'string' ? Buffer.from(after) : after,
  mode: 0o644,
})

const entry = (files: HistoryEntry['files'], operation?: HistoryEntry['operation']): HistoryEntry => ({
  files,
  directories: [],
  ...(operation ? { operation } : {}),
})

describe('historyView', () => {
  test('the timeline oldest first: applied entries, then the undone ones from the next redo', () => {
    const history = new History(10)
    history.record('c', entry([version('src/a.tsx', 'a\n', 'b\n')], 'editText'))
    history.record('c', entry([version('src/b.css', 'x\n', 'y\n')], 'styling'))
    history.record('c', entry([version('src/c.tsx', null, 'new\n')], 'addJsxElement'))
    history.undone('c')
    history.undone('c')
    const view = historyView(history, 'c')
    expect(view.applied).toBe(1)
    expect(view.limit).toBe(10)
    expect(view.entries.map((shown) => [shown.id, shown.type, shown.files[0]?.path])).toEqual([
      [1, 'EDIT_TEXT', 'src/a.tsx'],
      [2, 'STYLING', 'src/b.css'],
      [3, 'ADD_JSX', 'src/c.tsx'],
    ])
    expect(view.entries[2]?.files[0]).toMatchObject({ change: 'created', added: 1, removed: 0 })
    expect(view.entries[2]?.files[0]?.diff).toBe('--- /dev/null\n+++ b/src/c.tsx\n@@ -0,0 +1 @@\n+new\n')
    history.redone('c')
    expect(historyView(history, 'c').applied).toBe(2)
  })

  test('an entry without its route has no type; an unknown canvas has no entries', () => {
    const history = new History(10)
    history.record('c', entry([version('src/a.tsx', 'a\n', 'b\n')]))
    expect(historyView(history, 'c').entries[0]?.type).toBeNull()
    expect(historyView(history, 'nope')).toEqual({ entries: [], applied: 0, limit: 10 })
  })

  test('never names a path outside the project', () => {
    const history = new History(10)
    history.record(
      'c',
      entry([
        version('../secret.txt', 'a', 'b'),
        version('/etc/passwd', 'a', 'b'),
        version('src/ok.ts', 'a', 'b'),
      ]),
    )
    const files = historyView(history, 'c').entries[0]?.files ?? []
    expect(files.map((file) => [file.path, file.diff])).toEqual([
      ['(outside the project)', null],
      ['(outside the project)', null],
      ['src/ok.ts', expect.stringContaining('+b')],
    ])
    expect(JSON.stringify(files)).not.toMatch(/secret|passwd/)
  })

  test('binary and very large files get a note instead of a diff', () => {
    const history = new History(10)
    const large = Buffer.alloc(MAX_DIFF_BYTES + 1, 'a')
    history.record(
      'c',
      entry([
        version('src/logo.png', Buffer.from([1, 0, 2]), Buffer.from([1, 0, 3])),
        version('src/big.css', large, 'x'),
      ]),
    )
    const files = historyView(history, 'c').entries[0]?.files ?? []
    expect(files[0]).toMatchObject({ diff: null, note: 'Binary file' })
    expect(files[1]).toMatchObject({ diff: null, note: 'Too large to preview (1.0 MB)' })
  })
})

describe('unifiedDiff', () => {
  test('counts the lines added and removed, cuts a long diff with a note', () => {
    expect(unifiedDiff('a.txt', 'one\n', 'two\n')).toEqual({
      diff: '--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-one\n+two\n',
      added: 1,
      removed: 1,
    })
    const many = Array.from({ length: MAX_DIFF_LINES + 50 }, (_, line) => `line ${line}`).join('\n')
    const cut = unifiedDiff('long.txt', '', `${many}\n`)
    expect(cut.added).toBe(MAX_DIFF_LINES + 50)
    expect(cut.diff?.split('\n').length).toBe(MAX_DIFF_LINES + 1)
    expect(cut.note).toBe('53 more lines not shown')
  })
})
