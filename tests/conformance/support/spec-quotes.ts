import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The two product specs, as copied into the repository (docs/spec/, word for word from the project's
 * shared specs), and the single-quoted texts they promise.
 */

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..')

export const SPECS = {
  'visual-editor': 'docs/spec/visual-editor.md',
  marketplace: 'docs/spec/marketplace.md',
} as const
export type SpecName = keyof typeof SPECS
export const READ_SPECS = Object.keys(SPECS) as SpecName[]

export function readSpec(name: SpecName): string {
  return readFileSync(path.join(REPOSITORY_ROOT, SPECS[name]), 'utf8')
}

/**
 * A quote opens with `'` where no letter or digit comes before it and closes at the first `'` after
 * it where no letter or digit follows, on the same line. So an apostrophe inside a word ("you're",
 * "doesn't", "Women's") neither opens nor closes one, and a quote keeps the spaces it has (`' & '`).
 */
const QUOTE = /(?<![\p{L}\p{N}])'(.+?)'(?![\p{L}\p{N}])/gu

/**
 * Every single-quoted text of a spec, in order, each once.
 *
 *   quotedTexts("shows 'Listing Not Found', 'The listing you're looking for doesn't exist.'")
 *   -> ['Listing Not Found', "The listing you're looking for doesn't exist."]
 */
export function quotedTexts(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(QUOTE)].map((match) => match[1] as string))]
}
