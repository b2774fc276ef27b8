import { execFile } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

const REPO = path.resolve(import.meta.dirname, '../..')
const BIOME = path.join(REPO, 'node_modules/@biomejs/biome/bin/biome')
const run = promisify(execFile)

/**
 * Lints a module of one import line put in `folder` (under `sourceRoot`, relative to the repository)
 * as `npm run lint` would: how the layering tests show a refused import. `cleanup()` removes every
 * module written; call it after each test.
 */
export function importLinter(sourceRoot: string) {
  const written: string[] = []
  return {
    async lint(folder: string, importLine: string): Promise<{ ok: boolean; output: string }> {
      const file = path.join(REPO, sourceRoot, folder, `layer-check-${process.pid}-${written.length}.ts`)
      written.push(file)
      writeFileSync(file, `${importLine}\n\nexport const used = value\n`)
      try {
        await run(process.execPath, [BIOME, 'lint', '--colors=off', file], { cwd: REPO })
        return { ok: true, output: '' }
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
        return { ok: false, output: `${stdout}${stderr}` }
      }
    },
    cleanup(): void {
      for (const file of written.splice(0)) rmSync(file, { force: true })
    },
  }
}
