import { readFileSync } from 'node:fs'
import path from 'node:path'
import { REPOSITORY_ROOT } from './spec-quotes.ts'

/**
 * A module's source text, for the few promises only a module's code can show without a browser (a
 * text shown by an event handler, a constant the module keeps to itself). The test names the module.
 */
export function sourceOf(relativePath: string): string {
  return readFileSync(path.join(REPOSITORY_ROOT, relativePath), 'utf8')
}
