// Bundles the inspector runtime (src/runtime) into one minified ESM file: dist/runtime/inspector.js.
import path from 'node:path'
import { build } from 'esbuild'

const packageDir = path.resolve(import.meta.dirname, '..')
await build({
  entryPoints: [path.join(packageDir, 'src/runtime/index.ts')],
  outfile: path.join(packageDir, 'dist/runtime/inspector.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
})
