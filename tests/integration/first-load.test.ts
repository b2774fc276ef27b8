import { describe, expect, test } from 'vitest'
import { moduleScripts } from '../../packages/cli/src/first-load.ts'

/**
 * The scripts the CLI's first load starts from (first-load.ts): the module scripts of the page as
 * Vite's transformIndexHtml hands it over, with the plugins' scripts in it. The walk itself runs in
 * every start of the CLI (tests/e2e/projects/first-start.spec.ts).
 */
describe('moduleScripts', () => {
  test('the src of every module script, in order, whatever the quotes and the order of attributes', () => {
    const html = [
      '<script type="module" src="/@vite/client"></script>',
      "<script src='/@id/virtual:visual-edit-inspector' type='module'></script>",
      '<script type=module src=/src/main.tsx></script>',
      '<script type="module" src="/index.html?html-proxy&index=0.js"></script>',
    ].join('\n')
    expect(moduleScripts(html)).toEqual([
      '/@vite/client',
      '/@id/virtual:visual-edit-inspector',
      '/src/main.tsx',
      '/index.html?html-proxy&index=0.js',
    ])
  })

  test('leaves out classic scripts, inline ones and those of other origins', () => {
    const html = [
      '<script src="/legacy.js"></script>',
      '<script type="module">import "/src/inline.ts"</script>',
      '<script type="module" src="https://cdn.example.com/x.js"></script>',
      '<script type="module" src="//cdn.example.com/y.js"></script>',
      '<script type="text/babel" src="/src/z.js"></script>',
      '<script type="module-shim" src="/src/shim.js"></script>',
    ].join('\n')
    expect(moduleScripts(html)).toEqual([])
  })
})
