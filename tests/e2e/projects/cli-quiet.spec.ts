import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { expect, test } from '@playwright/test'
import { openEditor } from '../editor/editor-page.ts'
import { type CliProject, MARKETPLACE, PROJECTS, startCliProject } from './cli-project.ts'

/**
 * visual-edit adds nothing to the user's terminal but its banner: the `visual-edit` binary is started
 * on a project, the editor is opened and connects to the app in its frame (so the app's Vite has
 * served the inspector, its bundle and its chunks), and then everything the process printed is the
 * banner, line for line. The marketplace's own backend prints a banner of its own unless it opens on
 * the first request, as global-setup.ts makes it here (MARKETPLACE_BACKEND=lazy).
 */
const PROJECTS_UNDER_TEST = [
  { name: 'marketplace', where: MARKETPLACE },
  { name: 'vite6-dashboard', where: undefined },
  { name: 'vite5-tailwind3', where: undefined },
  { name: 'vite7-tailwind41', where: undefined },
] as const

/**
 * What the project's Vite itself prints while it optimizes the dependencies of a fresh copy and that
 * takes over a second: a plain `vite` on the same project prints it too, so it is not visual-edit's.
 */
const VITE_OPTIMIZER_PROGRESS =
  /^[\d:]+(?:\s[AP]M)? \[vite\] (?:\(client\) )?\[optimizer\] (?:scanning|bundling) dependencies\.\.\.$/

/** The version of the vite the project installs, as the banner names it. */
function projectVite(source: string): string {
  const manifest = createRequire(path.join(source, 'package.json')).resolve('vite/package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

/** The banner `visual-edit edit` prints for this project, line by line. */
function banner(served: CliProject, viteVersion: string): string[] {
  return [
    `visual-edit is serving ${served.dir} with Vite ${viteVersion} (the project's)`,
    `  editor  ${served.editorUrl}`,
    `  app     ${served.url}`,
    'Press Ctrl+C to stop.',
  ]
}

/** The lines printed, without Vite's optimizer progress; a long one cut, so a failure stays readable. */
function printedLines(output: string): string[] {
  return stripVTControlCharacters(output)
    .replace(/\n$/, '')
    .split('\n')
    .filter((line) => !VITE_OPTIMIZER_PROGRESS.test(line))
    .map((line) =>
      line.length > 400 ? `${line.slice(0, 400)}… (${line.length - 400} more characters)` : line,
    )
}

for (const project of PROJECTS_UNDER_TEST) {
  test(`${project.name}: the terminal shows the banner and nothing else once the editor shows the app`, async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const source = project.where?.source ?? path.join(PROJECTS, project.name)
    const served = await startCliProject(project.name, project.where)
    try {
      // The editing features are the inspector's last module: they load once the editor has the tree.
      const editingChunk = page.waitForResponse((response) =>
        /inspector-chunk\/inspector-editing-[\w-]+\.js/.test(response.url()),
      )
      await openEditor(page, served)
      expect((await editingChunk).status()).toBe(200)
    } finally {
      await served.stop()
    }
    expect(printedLines(served.output())).toEqual(banner(served, projectVite(source)))
  })
}
