// `node scripts/tsc-build.mjs <packageDir>`: a clean tsc build of a workspace package into its dist/.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const packageDir = path.resolve(process.argv[2] ?? '.')
rmSync(path.join(packageDir, 'dist'), { recursive: true, force: true })
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
  'bin',
  'tsc',
)
execFileSync(process.execPath, [tsc, '-p', path.join(packageDir, 'tsconfig.build.json')], {
  stdio: 'inherit',
})
