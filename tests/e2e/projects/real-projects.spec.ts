import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { tagJsx } from '../../../packages/vite-plugin-visual-edit/src/transform/tag-jsx.ts'
import { openEditor } from '../editor/editor-page.ts'
import { connectEditor } from '../inspector/outline-app.ts'
import { type CliProject, PROJECTS, startCliProject } from './cli-project.ts'

/**
 * Projects shaped like the ones people have, each started with the `visual-edit` binary from another
 * folder: the project's own Vite serves it, every edit lands in the file on disk and shows in the page
 * (text through Fast Refresh, a class Tailwind had not generated yet through the project's own
 * Tailwind setup), and undo puts the bytes back exactly.
 */
const PROJECTS_UNDER_TEST = [
  {
    name: 'vite5-tailwind3',
    vite: '5.4.21',
    file: 'src/App.jsx',
    shape: 'Vite 5, plugin-react 4 + Babel plugin, Tailwind 3 through PostCSS, CRLF files',
  },
  {
    name: 'vite6-dashboard',
    vite: '6.4.6',
    file: 'src/App.tsx',
    shape: 'Vite 6, plugin-react 4 + React Compiler, svgr, Tailwind 4.0 through @tailwindcss/postcss',
  },
  {
    name: 'vite6-tailwind40-vite',
    vite: '6.4.6',
    file: 'src/App.tsx',
    shape: 'Vite 6, plugin-react 5 + Babel plugin, @tailwindcss/vite 4.0, visualEdit() listed after react()',
  },
  {
    name: 'vite7-tailwind41',
    vite: '7.3.8',
    file: 'src/App.tsx',
    shape: 'Vite 7, plugin-react 5, @tailwindcss/vite 4.1.11',
  },
  {
    name: 'vite8-tailwind4',
    vite: '8.',
    file: 'src/App.tsx',
    shape: 'Vite 8, plugin-react 6, @tailwindcss/vite 4.3',
  },
] as const

/** The h1's text, its codebase id and its letter spacing. */
async function heading(page: Page): Promise<{ text: string; id: string; letterSpacing: string }> {
  return page.locator('h1').evaluate((h1) => ({
    text: h1.textContent ?? '',
    id: h1.getAttribute('data-tempo-id') ?? '',
    letterSpacing: getComputedStyle(h1).letterSpacing,
  }))
}

for (const project of PROJECTS_UNDER_TEST) {
  test.describe(project.name, () => {
    let served: CliProject
    const logs: string[] = []

    test.beforeAll(async () => {
      served = await startCliProject(project.name)
    })
    test.afterAll(async () => {
      await served?.stop()
    })

    test(`${project.shape}: an edit lands in the file and the page, undo restores the bytes`, async ({
      page,
    }) => {
      test.setTimeout(90_000)
      page.on('console', (message) => logs.push(message.text()))
      const requests: string[] = []
      page.on('request', (request) => requests.push(request.url()))
      expect(served.output()).toContain(`with Vite ${project.vite}`)
      expect(served.output()).toContain("(the project's)")

      await page.goto(served.url)
      await expect(page.locator('h1[data-tempo-id]')).toBeVisible({ timeout: 30_000 })
      const before = await heading(page)
      expect(before.letterSpacing).toBe('normal')
      const file = path.join(served.dir, project.file)
      const original = readFileSync(file)

      const edited = await served.post('mutate/editText', {
        element: { codebaseId: before.id },
        newText: 'Edited through visual-edit',
        oldText: before.text,
      })
      expect(edited).toEqual({ status: 200, json: { ok: true, files: [project.file] } })
      await expect(page.locator('h1')).toHaveText('Edited through visual-edit')
      const text = readFileSync(file, 'utf8')
      expect(text).toContain('>Edited through visual-edit<')
      // A CRLF file stays CRLF.
      if (original.includes('\r\n')) expect(text.replace(/\r\n/g, '')).not.toContain('\n')

      // A class no file used before: its CSS exists only if the project's Tailwind scans the project.
      const added = await served.post('mutate/addClass', {
        reactElement: { codebaseId: before.id },
        className: 'tracking-[0.25em]',
        stylingFramework: 'Tailwind',
      })
      expect(added).toEqual({ status: 200, json: { ok: true, files: [project.file] } })
      await expect
        .poll(async () => (await heading(page)).letterSpacing, { timeout: 10_000 })
        .not.toBe('normal')

      for (let undo = 0; undo < 2; undo++)
        expect((await served.post('activities/undoChangeToFiles', {})).status).toBe(200)
      expect(readFileSync(file).equals(original)).toBe(true)
      await expect(page.locator('h1')).toHaveText(before.text)
      await expect.poll(async () => (await heading(page)).letterSpacing).toBe('normal')
      expect(logs.filter((line) => line.includes('data-tempo-id'))).toEqual([])
      // After each hot update the inspector flushes a Fast Refresh left pending (two updates of one
      // module in quick succession), through the app's own refresh runtime, never a second copy.
      expect(requests.filter((url) => url.includes('@react-refresh?'))).toEqual([])
    })

    if (project.name === 'vite6-dashboard') {
      test('a component from node_modules gets no unknown prop, and its usage is in the tree', async ({
        page,
      }) => {
        test.setTimeout(60_000)
        const warnings: string[] = []
        page.on('console', (message) => warnings.push(message.text()))
        const editorPage = await openEditor(page, served)
        await expect(editorPage.app.locator('.fc')).toBeVisible({ timeout: 30_000 })
        const source = readFileSync(path.join(PROJECTS, project.name, project.file), 'utf8')
        const calendar = tagJsx(source, {
          filename: path.join(served.dir, project.file),
          root: served.dir,
        }).elements.find((element) => element.tagName === 'FullCalendar')

        // The inspector's tree, taken over from the editor page (on the editor's origin, the only
        // one the inspector answers).
        const editor = await connectEditor(page, {
          iframe: 'iframe[title="The app"]',
          frame: await editorPage.frame(),
        })
        await expect
          .poll(
            async () => (await editor.tree()).find((node) => node.name === 'FullCalendar')?.key.codebaseId,
          )
          .toBe(calendar?.id)
        expect(warnings.filter((line) => /Unknown option|data-tempo-id/.test(line))).toEqual([])
      })
    }
  })
}
