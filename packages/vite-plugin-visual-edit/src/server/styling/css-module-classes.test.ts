import path from 'node:path'
import type { JSXElement } from '@babel/types'
import { describe, expect, test } from 'vitest'
import { parseModule } from '../../transform/parse-module.ts'
import { cssModuleClasses, moduleClassSelectors } from './css-module-classes.ts'

const FILE = '/project/src/Card.tsx'

/** The module classes of the first JSX element returned by `code`. */
function classesOf(code: string) {
  const ast = parseModule(code, FILE)
  let element: JSXElement | undefined
  const find = (node: unknown): void => {
    if (element || !node || typeof node !== 'object') return
    if ((node as { type?: string }).type === 'JSXElement') element = node as JSXElement
    else for (const value of Object.values(node)) Array.isArray(value) ? value.forEach(find) : find(value)
  }
  find(ast.program)
  if (!element) throw new Error('no element')
  return cssModuleClasses(element.openingElement, () => ast, FILE)
}

const card = path.resolve('/project/src/Card.module.css')

describe('cssModuleClasses', () => {
  test('members of a default, namespace or named import, anywhere in the expression, once each', () => {
    expect(
      classesOf(`import s from './Card.module.css'
import * as t from './Card.module.css'
import { title as heading } from './Card.module.css'
export const C = ({ on }) => <div className={cn(s.card, on && t['is-on'], { [s.card]: on }, heading)} />`),
    ).toEqual({
      classes: [
        { file: card, name: 'card' },
        { file: card, name: 'is-on' },
        { file: card, name: 'title' },
      ],
      unfollowed: [],
    })
  })

  test('a path that is not relative and a computed name are not followed, and say so', () => {
    expect(
      classesOf(`import s from '@/Card.module.css'
import u from './Card.module.css'
export const C = ({ tone }) => <div className={\`\${s.card} \${u[tone]}\`} />`),
    ).toEqual({ classes: [], unfollowed: ['s.card', 'u[...]'] })
  })

  test('property names and plain stylesheets are not module classes', () => {
    expect(
      classesOf(`import './App.css'
import { card } from './Card.module.css'
export const C = ({ theme }) => <div className={cn(theme.card, { card: true }, 'card')} />`),
    ).toEqual({ classes: [], unfollowed: [] })
    expect(
      classesOf(`import s from './Card.module.css'\nexport const C = () => <div className="card" />`),
    ).toEqual({
      classes: [],
      unfollowed: [],
    })
  })
})

test('moduleClassSelectors: the name, and the dashed form a camelCase export comes from', () => {
  expect(moduleClassSelectors('card')).toEqual(['.card'])
  expect(moduleClassSelectors('cardTitle')).toEqual(['.cardTitle', '.card-title'])
  expect(moduleClassSelectors('a.b')).toEqual(['.a\\.b'])
})
