// Bundles the inspector runtime (src/runtime) into minified ESM in dist/runtime/: the entry
// inspector.js, which every page loads, and its chunks (inspector-*.js); the editing features load as
// a chunk of their own once an editor connects (src/runtime/inspector.ts). Runs after tsc, whose
// output holds the shared options.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import { RUNTIME_BUILD_OPTIONS } from '../dist/runtime-build-options.js'

const packageDir = path.resolve(import.meta.dirname, '..')
const outdir = path.join(packageDir, 'dist/runtime')
rmSync(outdir, { recursive: true, force: true })
await build({
  ...RUNTIME_BUILD_OPTIONS,
  entryPoints: { inspector: path.join(packageDir, 'src/runtime/index.ts') },
  outdir,
  minify: true,
  legalComments: 'none',
})
