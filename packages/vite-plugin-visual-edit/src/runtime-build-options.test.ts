import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { markComputedImports, RUNTIME_FILE } from './runtime-build-options.ts'

describe('markComputedImports', () => {
  test.each([
    ['let t=()=>import(Tn(n))', 'let t=()=>import(/* @vite-ignore */ Tn(n))'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the strings are code holding a template literal
    ['import(`${base}@react-refresh`)', 'import(/* @vite-ignore */ `${base}@react-refresh`)'],
    ['import(a+"x",{with:{type:"json"}})', 'import(/* @vite-ignore */ a+"x",{with:{type:"json"}})'],
  ])('marks an import() whose specifier is computed: %s', (code, marked) => {
    expect(markComputedImports(code)).toBe(marked)
  })

  test.each([
    'import("./inspector-editing-X.js")',
    "import('virtual:visual-edit-inspector-chunk/inspector-chunk-Y.js')",
    'import(`./inspector-chunk-Y.js`)',
    'import(\n  /* @vite-ignore */\n  url\n)',
    'import(/*@vite-ignore*/url)',
    'import{a as b}from"./inspector-chunk-Y.js";export{b as c}',
  ])('leaves alone what Vite resolves or is marked already: %s', (code) => {
    expect(markComputedImports(code)).toBe(code)
  })

  test('the package build leaves no computed import() unmarked', () => {
    const dir = path.join(import.meta.dirname, '../dist/runtime')
    const files = readdirSync(dir).filter((name) => RUNTIME_FILE.test(name))
    expect(files).toContain('inspector.js')
    for (const name of files) {
      const code = readFileSync(path.join(dir, name), 'utf8')
      expect(markComputedImports(code), name).toBe(code)
    }
  })
})
