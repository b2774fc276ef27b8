/**
 * Which at-rules CSS that visual-edit writes may hold: an allowlist, never a denylist. CSS is code to
 * the tools of a dev server (Tailwind's `@plugin` and `@config` load a module into Node, PostCSS
 * plugins act on at-rules of their own), so an at-rule nobody listed here is refused, whatever it is.
 * Names are compared as CSS does (ASCII case-insensitively); a name written with an escape
 * (`@\70 lugin`) is refused, as other parsers may read it as the at-rule it spells.
 */

const ALLOWED = new Set<string>([
  // Allowed when what they name passes reference-policy.ts (css-references.ts finds it).
  'import',
  'reference',
  'source',
  'value',
  // CSS
  'charset',
  'namespace',
  'media',
  'supports',
  'layer',
  'keyframes',
  '-webkit-keyframes',
  '-moz-keyframes',
  '-o-keyframes',
  'font-face',
  'font-feature-values',
  'swash',
  'annotation',
  'ornaments',
  'stylistic',
  'styleset',
  'character-variant',
  'font-palette-values',
  'counter-style',
  'property',
  'container',
  'starting-style',
  'scope',
  'view-transition',
  'position-try',
  'page',
  ...['top', 'bottom'].flatMap((edge) =>
    ['left-corner', 'left', 'center', 'right', 'right-corner'].map((part) => `${edge}-${part}`),
  ),
  ...['left', 'right'].flatMap((edge) => ['top', 'middle', 'bottom'].map((part) => `${edge}-${part}`)),
  // Drafts that PostCSS presets compile away
  'custom-media',
  'custom-selector',
  // Tailwind 4 and 3
  'tailwind',
  'theme',
  'utility',
  'variant',
  'custom-variant',
  'slot',
  'apply',
  'screen',
  'responsive',
  'variants',
])

/** At-rules that load a module into the dev server; named in refusals so the fix is clear. */
const CODE_LOADING = new Set(['plugin', 'config'])

/** Why an at-rule named `name` (as postcss reads it, without `@`) may not be written; null when it may. */
export function atRuleProblem(name: string): string | null {
  if (name.includes('\\')) {
    return `the at-rule @${name} is written with an escape, which other CSS parsers may read as another at-rule; write at-rule names plainly`
  }
  const lower = name.toLowerCase()
  if (CODE_LOADING.has(lower)) {
    return `@${name} makes Tailwind load a module into the dev server (Node), so visual-edit never writes it; add plugins and configs in your editor`
  }
  if (!ALLOWED.has(lower)) {
    return `@${name} is not an at-rule visual-edit writes (an unknown at-rule may be code to a PostCSS plugin); only standard CSS and Tailwind at-rules are written`
  }
  return null
}
