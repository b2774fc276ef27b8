import { describe, expect, test } from 'vitest'
import { ElementIndex } from './element-index.ts'
import { tagJsx } from './tag-jsx.ts'

const root = '/project'
const tag = (code: string, file: string) => tagJsx(code, { filename: `${root}/${file}`, root }).elements

describe('ElementIndex', () => {
  test('maps ids to the file, span, parent, children, tag and kind of element', () => {
    const index = new ElementIndex()
    const code = 'export const A = () => <main><Card title="x" /></main>\n'
    index.setFile(`${root}/src/A.tsx`, tag(code, 'src/A.tsx'), code)
    const [main, card] = index.elementsOf(`${root}/src/A.tsx`)
    expect(main).toMatchObject({
      tagName: 'main',
      isComponent: false,
      relativeFile: 'src/A.tsx',
      parentId: null,
    })
    expect(card).toMatchObject({
      tagName: 'Card',
      isComponent: true,
      parentId: main?.id,
      file: `${root}/src/A.tsx`,
    })
    expect(main?.childIds).toEqual([card?.id])
    expect(code.slice(card?.start, card?.end)).toBe('<Card title="x" />')
    expect(index.get(card?.id ?? '')).toBe(card)
    expect(index.size).toBe(2)
  })

  test('re-tagging a file replaces its entries; other files keep theirs', () => {
    const index = new ElementIndex()
    index.setFile(
      `${root}/src/A.tsx`,
      tag('const a = <div><p /></div>', 'src/A.tsx'),
      'const a = <div><p /></div>',
    )
    index.setFile(`${root}/src/B.tsx`, tag('const b = <span />', 'src/B.tsx'), 'const b = <span />')
    const [oldChild] = index.elementsOf(`${root}/src/A.tsx`).slice(1)
    index.setFile(`${root}/src/A.tsx`, tag('const a = <div />', 'src/A.tsx'), 'const a = <div />')
    expect(index.has(oldChild?.id ?? '')).toBe(false)
    expect(index.elementsOf(`${root}/src/A.tsx`)).toHaveLength(1)
    expect(index.elementsOf(`${root}/src/B.tsx`)).toHaveLength(1)
    index.deleteFile(`${root}/src/B.tsx`)
    expect(index.files()).toEqual([`${root}/src/A.tsx`])
    expect(index.size).toBe(1)
  })
})
