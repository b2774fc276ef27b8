import { afterEach, describe, expect, test } from 'vitest'
import { importLinter } from '../helpers/lint-import.ts'

/**
 * The editor page's rooms (docs/ARCHITECTURE.md, The editor page's rooms) are a Biome rule too: each
 * case puts a module with one import in a folder of `packages/editor-ui/src` and lints it as `npm run
 * lint` would. Each folder imports only those below it, so no folder loop comes back.
 */
const { lint, cleanup } = importLinter('packages/editor-ui/src')
afterEach(cleanup)

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
