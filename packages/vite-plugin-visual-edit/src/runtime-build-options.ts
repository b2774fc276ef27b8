import { parse } from '@babel/parser'
import { traverseFast } from '@babel/types'
import MagicString from 'magic-string'

/**
 * The esbuild options of the inspector runtime, shared by the package build
 * (scripts/bundle-runtime.mjs) and the plugin run from its sources (runtime-plugin.ts). The entry is
 * `inspector.js`; the editing features (a dynamic import in runtime/inspector.ts) become a chunk of
 * their own, and code both use another, all named `inspector-*.js`. Each file esbuild writes goes
 * through markComputedImports before it is served.
 */
export const RUNTIME_BUILD_OPTIONS = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  splitting: true,
  chunkNames: 'inspector-[name]-[hash]',
} as const

/** The files of a runtime build: `inspector.js` and its chunks. */
export const RUNTIME_FILE = /^inspector(-[\w-]+)?\.js$/

/** The mark Vite's import analysis reads inside an `import()` (its `hasViteIgnoreRE`). */
const VITE_IGNORE = /\/\*\s*@vite-ignore\s*\*\//

/**
 * Marks each dynamic import of a runtime file whose specifier is computed at run time as meant to be
 * left as it is. The app's Vite analyses the inspector as one of the page's modules and warns about
 * every `import()` it cannot resolve, with the line as its code frame: for a minified file, the whole
 * bundle printed in the user's terminal. The sources mark theirs, but esbuild drops every comment when
 * it minifies whitespace. A string or a template without `${}` is left alone: Vite resolves those.
 *
 *   before:  let t=()=>import(Tn(n))
 *   after:   let t=()=>import(/* @vite-ignore *\/Tn(n))
 */
export function markComputedImports(code: string): string {
  const ast = parse(code, { sourceType: 'module', createImportExpressions: true })
  const edited = new MagicString(code)
  traverseFast(ast.program, (node) => {
    if (node.type !== 'ImportExpression') return
    const { source } = node
    if (source.type === 'StringLiteral') return
    if (source.type === 'TemplateLiteral' && source.expressions.length === 0) return
    if (source.start == null || VITE_IGNORE.test(code.slice(node.start ?? 0, source.start))) return
    edited.appendLeft(source.start, '/* @vite-ignore */ ')
  })
  return edited.toString()
}
