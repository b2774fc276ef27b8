import { afterEach, describe, expect, test } from 'vitest'
import { importLinter } from '../helpers/lint-import.ts'

/**
 * The layering of docs/ARCHITECTURE.md is a Biome rule (noRestrictedImports per folder, biome.json):
 * `npm test` lints first, so a file that breaks it fails the run. Each case puts a module with one
 * import in a layer's folder and lints it as `npm run lint` would.
 */
const { lint, cleanup } = importLinter('packages/vite-plugin-visual-edit/src')
afterEach(cleanup)

describe('the layers', () => {
  test.each([
    [
      'protocol',
      "import { runEdit as value } from '../server/edit/mutation.ts'",
      'protocol/ imports nothing',
    ],
    ['protocol', "import { readFileSync as value } from 'node:fs'", 'protocol/ imports nothing'],
    ['runtime', "import { runEdit as value } from '../server/edit/mutation.ts'", 'it imports only protocol/'],
    ['runtime', "import { tagJsx as value } from '../transform/tag-jsx.ts'", 'it imports only protocol/'],
    [
      'runtime/core',
      "import { createNavTree as value } from '../tree/nav-tree.ts'",
      'imports only protocol/:',
    ],
    [
      'runtime/port',
      "import { startSelection as value } from '../selection/selection.ts'",
      'imports only protocol/ and core/',
    ],
    [
      'runtime/react',
      "import { createNavTree as value } from '../tree/nav-tree.ts'",
      'imports only protocol/ and core/',
    ],
    ['runtime/tree', "import { startOutlines as value } from '../overlay/outlines.ts'", 'runtime/tree/'],
    ['runtime/tree', "import { startSelection as value } from '../selection/selection.ts'", 'runtime/tree/'],
    [
      'runtime/selection',
      "import { startOutlines as value } from '../overlay/outlines.ts'",
      'runtime/selection/',
    ],
    ['runtime/overlay', "import { startDrag as value } from '../drag/drag.ts'", 'runtime/overlay/'],
    ['runtime/overlay', "import { startTextEdit as value } from '../text/text-edit.ts'", 'runtime/overlay/'],
    ['runtime/text', "import { startDrag as value } from '../drag/drag.ts'", 'runtime/text/'],
    ['runtime/drag', "import { startTextEdit as value } from '../text/text-edit.ts'", 'runtime/drag/'],
    [
      'runtime/instant',
      "import { startSelection as value } from '../selection/selection.ts'",
      'runtime/instant/',
    ],
    ['runtime/css', "import { startOutlines as value } from '../overlay/outlines.ts'", 'runtime/css/'],
    ['runtime/page', "import { startInspector as value } from '../inspector.ts'", 'runtime/page/'],
    ['runtime/tree', "import { runEdit as value } from '../../server/edit/mutation.ts'", 'runtime/tree/'],
    ['runtime/drag', "import { readFileSync as value } from 'node:fs'", 'runtime/drag/'],
    [
      'server/edit',
      "import { startInspector as value } from '../../runtime/inspector.ts'",
      'never imports the inspector runtime',
    ],
    [
      'transform',
      "import { startInspector as value } from '../runtime/inspector.ts'",
      'never imports the inspector runtime',
    ],
  ])('%s: %s is refused', async (folder, importLine, message) => {
    const { ok, output } = await lint(folder, importLine)
    expect(ok).toBe(false)
    expect(output).toContain('lint/style/noRestrictedImports')
    expect(output).toContain(message)
  })

  test.each([
    ['runtime', "import { CODEBASE_ID_ATTRIBUTE as value } from '../protocol/ids.ts'"],
    ['runtime', "import { createNavTree as value } from './tree/nav-tree.ts'"],
    ['runtime/tree', "import { CODEBASE_ID_ATTRIBUTE as value } from '../../protocol/ids.ts'"],
    ['runtime/tree', "import { readFiber as value } from '../react/react-fiber.ts'"],
    ['runtime/overlay', "import { startSelection as value } from '../selection/selection.ts'"],
    ['runtime/drag', "import { startOutlines as value } from '../overlay/outlines.ts'"],
    ['runtime/css', "import { InspectorContext as value } from '../core/context.ts'"],
    ['server/edit', "import { CODEBASE_ID_ATTRIBUTE as value } from '../../protocol/ids.ts'"],
    ['protocol', "import { CODEBASE_ID_PREFIX as value } from './ids.ts'"],
  ])('%s: %s is allowed', async (folder, importLine) => {
    expect((await lint(folder, importLine)).ok).toBe(true)
  })
})
