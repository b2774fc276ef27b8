import { describe, expect, test } from 'vitest'
import { type Commit, CommitDraft } from './commit-draft.ts'

/** A commit the test answers by hand: each call waits for `answer`. */
function manualCommit() {
  const calls: { draft: string; base: string; answer: (saved: boolean) => void }[] = []
  const commit: Commit = (draft, base) =>
    new Promise<boolean>((resolve) => calls.push({ draft, base, answer: resolve }))
  return { calls, commit }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('CommitDraft', () => {
  test('a commit sends the draft from the code it started from; unchanged, nothing is sent', async () => {
    const { calls, commit } = manualCommit()
    const field = new CommitDraft('a b', commit)
    await field.save()
    expect(calls).toHaveLength(0)
    field.type('a b c')
    const saving = field.save()
    expect(field.view).toEqual({ draft: 'a b c', state: 'saving' })
    expect(calls.map(({ draft, base }) => [draft, base])).toEqual([['a b c', 'a b']])
    calls[0]?.answer(true)
    await saving
    expect(field.view).toEqual({ draft: 'a b c', state: 'idle' })
  })

  test("after a save, the code's old value heard before its lookup catches up does not put the old text back", async () => {
    const { calls, commit } = manualCommit()
    const field = new CommitDraft('a', commit)
    field.type('a b')
    const saving = field.save()
    calls[0]?.answer(true)
    await saving
    // The lookups have not answered since the write: they still say 'a' (a tree asked them again).
    field.codeSays('a')
    expect(field.view.draft).toBe('a b')
    field.codeSays('a b')
    expect(field.view.draft).toBe('a b')
    // Later the code goes back (an undo): the untouched field follows.
    field.codeSays('a')
    expect(field.view.draft).toBe('a')
  })

  test('a commit asked while saving follows the save, from what the save wrote', async () => {
    const { calls, commit } = manualCommit()
    const field = new CommitDraft('a', commit)
    field.type('a b')
    const first = field.save()
    // The user types on and presses Enter before the first answer.
    field.type('a b c')
    await field.save()
    expect(calls).toHaveLength(1)
    calls[0]?.answer(true)
    await tick()
    expect(calls.map(({ draft, base }) => [draft, base])).toEqual([
      ['a b', 'a'],
      ['a b c', 'a b'],
    ])
    expect(field.view.state).toBe('saving')
    calls[1]?.answer(true)
    await first
    expect(field.view).toEqual({ draft: 'a b c', state: 'idle' })
  })

  test('typing during a save without a commit is kept as typing, not sent', async () => {
    const { calls, commit } = manualCommit()
    const field = new CommitDraft('a', commit)
    field.type('a b')
    const saving = field.save()
    field.type('a b c')
    calls[0]?.answer(true)
    await saving
    expect(calls).toHaveLength(1)
    expect(field.view).toEqual({ draft: 'a b c', state: 'idle' })
    // The code catching up with the save does not replace the typing either.
    field.codeSays('a b')
    expect(field.view.draft).toBe('a b c')
  })

  test('a refused change keeps what was typed, marked failed, and drops a commit asked meanwhile', async () => {
    const { calls, commit } = manualCommit()
    const field = new CommitDraft('a', commit)
    field.type('a !')
    const saving = field.save()
    await field.save()
    calls[0]?.answer(false)
    await saving
    expect(calls).toHaveLength(1)
    expect(field.view).toEqual({ draft: 'a !', state: 'failed' })
    // The code changing meanwhile does not replace the typing.
    field.codeSays('z')
    expect(field.view.draft).toBe('a !')
  })

  test('a commit that throws leaves the field failed and passes the error on', async () => {
    const field = new CommitDraft('a', () => Promise.reject(new Error('no ledger')))
    field.type('b')
    await expect(field.save()).rejects.toThrow('no ledger')
    expect(field.view).toEqual({ draft: 'b', state: 'failed' })
  })

  test('a new value from the code shows in an untouched field, never over typing', () => {
    const field = new CommitDraft('a', () => Promise.resolve(true))
    field.codeSays('b')
    expect(field.view.draft).toBe('b')
    field.type('b c')
    field.codeSays('d')
    expect(field.view.draft).toBe('b c')
  })

  test('cancel puts the code back and the blur after it saves nothing', async () => {
    const { calls, commit } = manualCommit()
    const field = new CommitDraft('a', commit)
    field.type('a b')
    field.cancel()
    expect(field.view).toEqual({ draft: 'a', state: 'idle' })
    await field.save()
    expect(calls).toHaveLength(0)
    field.type('a c')
    void field.save()
    expect(calls).toHaveLength(1)
  })

  test('cancel during a save shows what the save leaves in the code', async () => {
    const { calls, commit } = manualCommit()
    const field = new CommitDraft('a', commit)
    field.type('a b')
    const saving = field.save()
    field.type('a b c')
    field.cancel()
    await field.save() // the blur after Escape
    calls[0]?.answer(true)
    await saving
    expect(calls).toHaveLength(1)
    expect(field.view).toEqual({ draft: 'a b', state: 'idle' })

    field.type('a b d')
    const refused = field.save()
    field.cancel()
    await field.save()
    calls[1]?.answer(false)
    await refused
    expect(field.view).toEqual({ draft: 'a b', state: 'idle' })
    // Escape after a save, before the lookups caught up: the saved text, not the old code.
    field.type('x')
    field.cancel()
    expect(field.view.draft).toBe('a b')
  })

  test('listeners hear each change of the view, and only changes', () => {
    const field = new CommitDraft('a', () => Promise.resolve(true))
    let heard = 0
    const stop = field.subscribe(() => heard++)
    field.type('a')
    field.type('b')
    stop()
    field.type('c')
    expect(heard).toBe(1)
  })
})
