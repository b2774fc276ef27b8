import { readFileSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type MutateTestServer, startMutateServer } from '../../helpers/mutate-server.ts'

let app: MutateTestServer
const read = () => readFileSync(app.file('src/App.tsx'), 'utf8')

beforeEach(async () => {
  app = await startMutateServer()
  await app.load('src/App.tsx')
})
afterEach(() => app.close())

describe('editText', () => {
  test('replaces the text and keeps everything else', async () => {
    const before = read()
    const [h1] = app.idsOf('src/App.tsx', 'h1')
    const response = await app.post('mutate/editText', {
      element: { codebaseId: h1 },
      oldText: 'Welcome back',
      newText: 'Hello <again> {you}',
    })
    expect(response.json()).toEqual({ ok: true, files: ['src/App.tsx'] })
    expect(read()).toBe(before.replace('Welcome back', 'Hello &lt;again&gt; &#123;you&#125;'))
  })

  test('a stale old text is 409 and nothing is written', async () => {
    const before = read()
    const [h1] = app.idsOf('src/App.tsx', 'h1')
    const response = await app.post('mutate/editText', {
      element: { codebaseId: h1 },
      oldText: 'Goodbye',
      newText: 'x',
    })
    expect(response.status).toBe(409)
    expect(response.json()).toMatchObject({ error: { code: 'TEXT_MISMATCH' } })
    expect(read()).toBe(before)
  })

  test('text mixed with elements is 422', async () => {
    const [p] = app.idsOf('src/App.tsx', 'p')
    const response = await app.post('mutate/editText', {
      element: { codebaseId: p },
      oldText: 'Signed in as',
      newText: 'x',
    })
    expect(response.status).toBe(422)
  })
})

describe('updateClasses in a Tailwind project', () => {
  test('a class Tailwind does not generate is 422 with its name, and nothing is written', async () => {
    const before = read()
    const [h1] = app.idsOf('src/App.tsx', 'h1')
    const response = await app.post('mutate/updateClasses', {
      reactElement: { codebaseId: h1 },
      oldClasses: ['text-3xl', 'font-bold'],
      newClasses: ['text-3xl', 'font-bold', 'italic', 'text-nonsense-xyz'],
      stylingFramework: 'Tailwind',
    })
    expect(response.status).toBe(422)
    expect(response.json()).toMatchObject({
      error: {
        code: 'INVALID_VALUE',
        message: expect.stringContaining(
          "'text-nonsense-xyz' is not a class Tailwind generates for this project",
        ),
      },
    })
    expect((response.json() as { error: { message: string } }).error.message).not.toContain("'italic'")
    expect(read()).toBe(before)
  })

  test('without stylingFramework a class is written as typed; with it, only the classes added are checked', async () => {
    const [h1] = app.idsOf('src/App.tsx', 'h1')
    // 'card' stands for a class of the project's own CSS, which Tailwind does not generate.
    const unchecked = await app.post('mutate/updateClasses', {
      reactElement: { codebaseId: h1 },
      oldClasses: ['text-3xl', 'font-bold'],
      newClasses: ['text-3xl', 'font-bold', 'card'],
    })
    expect(unchecked.json()).toMatchObject({ ok: true })
    expect(read()).toContain('className="text-3xl font-bold card"')
    // Already there, 'card' is not checked again.
    const checked = await app.post('mutate/updateClasses', {
      reactElement: { codebaseId: h1 },
      oldClasses: ['text-3xl', 'font-bold', 'card'],
      newClasses: ['text-3xl', 'card', 'italic'],
      stylingFramework: 'Tailwind',
    })
    expect(checked.json()).toMatchObject({ ok: true })
    expect(read()).toContain('className="text-3xl card italic"')
  })
})

describe('changePropValue, changeElementTag and undo/redo', () => {
  test('sets, replaces and removes props; undo and redo restore the exact bytes', async () => {
    const original = read()
    const [card] = app.idsOf('src/App.tsx', 'Card')
    const set = async (body: object) =>
      app.post('mutate/changePropValue', { elementToModify: { codebaseId: card }, ...body })

    expect((await set({ propName: 'title', propValue: 'Pricing' })).status).toBe(200)
    expect((await set({ propName: 'size', propValue: 3 })).status).toBe(200)
    expect((await set({ propName: 'disabled', remove: true })).status).toBe(200)
    expect((await set({ propName: 'note', propValue: 'x" onClick={alert(1)}' })).status).toBe(200)
    expect(read()).toContain('<Card title="Pricing" size={3} note={"x\\" onClick={alert(1)}"}>')

    for (let step = 0; step < 4; step++)
      expect((await app.post('activities/undoChangeToFiles', {})).status).toBe(200)
    expect(read()).toBe(original)
    expect((await app.post('activities/undoChangeToFiles', {})).status).toBe(409)
    expect((await app.post('activities/redoChangeToFiles', {})).status).toBe(200)
    expect(read()).toContain('<Card title="Pricing" size={2} disabled>')
  })

  test('renames opening and closing tags', async () => {
    const [p] = app.idsOf('src/App.tsx', 'p')
    const response = await app.post('mutate/changeElementTag', {
      elementToModify: { codebaseId: p },
      newTag: 'section',
    })
    expect(response.status).toBe(200)
    expect(read()).toContain('<section>\n        Signed in as <b>{user.name}</b>\n      </section>')
  })
})

describe('values that only look like script sinks', () => {
  test('image data URLs, http(s) and relative URLs, style null and a style removal are written', async () => {
    const [img] = app.idsOf('src/App.tsx', 'img')
    const set = (propName: string, propValue: unknown, extra: object = {}) =>
      app.post('mutate/changePropValue', {
        elementToModify: { codebaseId: img },
        propName,
        propValue,
        ...extra,
      })
    for (const [name, value] of [
      ['src', 'data:image/png;base64,iVBORw0KGgo='],
      ['srcSet', '/a.png 1x, https://cdn.example/b.png 2x'],
      ['title', 'javascript: the language'],
      ['style', null],
    ] as const)
      expect((await set(name, value)).status, `${name}=${value}`).toBe(200)
    expect((await set('style', null, { remove: true })).status).toBe(200)
    expect(read()).toContain(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="" srcSet="/a.png 1x, https://cdn.example/b.png 2x" title="javascript: the language" />',
    )
  })
})

describe('one canvas, one order', () => {
  test('concurrent undos wait their turn and undo one entry each', async () => {
    const original = read()
    const [h1] = app.idsOf('src/App.tsx', 'h1')
    const [card] = app.idsOf('src/App.tsx', 'Card')
    expect(
      (
        await app.post('mutate/editText', {
          element: { codebaseId: h1 },
          oldText: 'Welcome back',
          newText: 'One',
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await app.post('mutate/changePropValue', {
          elementToModify: { codebaseId: card },
          propName: 'title',
          propValue: 'Two',
        })
      ).status,
    ).toBe(200)
    const undos = await Promise.all([1, 2].map(() => app.post('activities/undoChangeToFiles', {})))
    expect(undos.map((response) => response.status)).toEqual([200, 200])
    expect(read()).toBe(original)
  })

  test('an undo sent while an edit is in flight undoes that edit', async () => {
    const original = read()
    const [h1] = app.idsOf('src/App.tsx', 'h1')
    const [edit, undo] = await Promise.all([
      app.post('mutate/editText', {
        element: { codebaseId: h1 },
        oldText: 'Welcome back',
        newText: 'In flight',
      }),
      app.post('activities/undoChangeToFiles', {}),
    ])
    expect([edit.status, undo.status]).toEqual([200, 200])
    expect(read()).toBe(original)
  })
})

describe('a file changed outside the editor', () => {
  test('is a 409 that says when it will work again, and it does once the dev server serves the file', async () => {
    const [h1] = app.idsOf('src/App.tsx', 'h1')
    writeFileSync(app.file('src/App.tsx'), `// saved in another editor\n${read()}`)
    const refused = await app.post('mutate/editText', {
      element: { codebaseId: h1 },
      oldText: 'Welcome back',
      newText: 'Hi',
    })
    expect(refused.status).toBe(409)
    const { message } = (refused.json() as { error: { message: string } }).error
    expect(message).toMatch(
      /changed on disk after visual-edit last read it.*edit again once the preview shows the change/,
    )

    app.server.moduleGraph.invalidateAll()
    await app.load('src/App.tsx')
    const [again] = app.idsOf('src/App.tsx', 'h1')
    const edited = await app.post('mutate/editText', {
      element: { codebaseId: again },
      oldText: 'Welcome back',
      newText: 'Hi',
    })
    expect(edited.status, edited.body).toBe(200)
    expect(read().startsWith('// saved in another editor\n')).toBe(true)
    expect(read()).toContain('<h1 className="text-3xl font-bold">Hi</h1>')
  })
})
