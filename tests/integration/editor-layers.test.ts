import { execFile } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, test } from 'vitest'

/**
 * The editor page's rooms (docs/ARCHITECTURE.md, The editor page's rooms) are a Biome rule too: each
 * case puts a module with one import in a folder of `packages/editor-ui/src` and lints it as `npm run
 * lint` would. Each folder imports only those below it, so no folder loop comes back.
 */
const REPO = path.resolve(import.meta.dirname, '../..')
const SRC = path.join(REPO, 'packages/editor-ui/src')
const BIOME = path.join(REPO, 'node_modules/@biomejs/biome/bin/biome')
const run = promisify(execFile)

const written: string[] = []
afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true })
})

async function lint(folder: string, importLine: string): Promise<{ ok: boolean; output: string }> {
  const file = path.join(SRC, folder, `layer-check-${process.pid}-${written.length}.ts`)
  written.push(file)
  writeFileSync(file, `${importLine}\n\nexport const used = value\n`)
  try {
    await run(process.execPath, [BIOME, 'lint', '--colors=off', file], { cwd: REPO })
    return { ok: true, output: '' }
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    return { ok: false, output: `${stdout}${stderr}` }
  }
}

describe("the editor page's rooms", () => {
  test.each([
    ['canvas', "import { Toolbar as value } from '../app/Toolbar.tsx'", 'canvas/ imports nothing of app/'],
    ['panels', "import { Toolbar as value } from '../app/Toolbar.tsx'", 'panels/ import nothing of app/'],
    ['panels', "import { Canvas as value } from '../canvas/Canvas.tsx'", 'panels/ import nothing of app/'],
    ['session', "import { Canvas as value } from '../canvas/Canvas.tsx'", 'session/ imports nothing of app/'],
    ['features', "import { EditorSession as value } from '../session/editor-session.ts'", 'features/ import'],
    ['port', "import { Lookups as value } from '../features/lookups.ts'", 'port/ import nothing'],
  ])('%s/ refuses %s', async (folder, importLine, message) => {
    const { ok, output } = await lint(folder, importLine)
    expect(ok).toBe(false)
    expect(output).toContain(message)
  })

  test('a folder may import those below it', async () => {
    expect(
      await lint('canvas', "import { useSession as value } from '../session/session-context.tsx'"),
    ).toEqual({
      ok: true,
      output: '',
    })
  })
})
