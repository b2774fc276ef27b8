// Bundles the inspector runtime (src/runtime) into minified ESM in dist/runtime/: the entry
// inspector.js, which every page loads, and its chunks (inspector-*.js); the editing features load as
// a chunk of their own once an editor connects (src/runtime/inspector.ts). Runs after tsc, whose
// output holds the shared options. Each file is written with its computed imports marked for Vite
// (markComputedImports): minifying drops the sources' marks.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { markComputedImports, RUNTIME_BUILD_OPTIONS } from '../dist/runtime-build-options.js'

const packageDir = path.resolve(import.meta.dirname, '..')
const outdir = path.join(packageDir, 'dist/runtime')
rmSync(outdir, { recursive: true, force: true })
const result = await build({
  ...RUNTIME_BUILD_OPTIONS,
  entryPoints: { inspector: path.join(packageDir, 'src/runtime/index.ts') },
  outdir,
  minify: true,
  legalComments: 'none',
  write: false,
})
mkdirSync(outdir, { recursive: true })
for (const file of result.outputFiles) writeFileSync(file.path, markComputedImports(file.text))
