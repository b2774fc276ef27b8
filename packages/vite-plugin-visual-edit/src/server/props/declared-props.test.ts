import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { parseModule } from '../../transform/parse-module.ts'
import { declaredProps, type LoadModule, type PropsModule } from './declared-props.ts'
import { componentsInScope, importCandidates } from './element-props.ts'

/** A project of in-memory modules, by path relative to its root; relative imports resolve as the server's loader does. */
function project(files: Record<string, string>): { usage: (file: string) => PropsModule; load: LoadModule } {
  const module = (file: string): PropsModule => {
    const text = files[file]
    if (text === undefined) throw new Error(`no ${file}`)
    return { file, text, ast: parseModule(text, `/p/${file}`) }
  }
  const load: LoadModule = async (from, specifier) => {
    for (const candidate of importCandidates(`/p/${from.file}`, specifier)) {
      const relative = path.posix.relative('/p', candidate)
      if (files[relative] !== undefined) return module(relative)
    }
    return { note: `${specifier} is not a file of the project` }
  }
  return { usage: module, load }
}

const read = async (files: Record<string, string>, name: string, usage = 'src/App.tsx') => {
  const { usage: module, load } = project(files)
  return declaredProps(module(usage), name, load)
}

describe('declaredProps', () => {
  test('an interface in the component file, the component imported from a relative module', async () => {
    const answer = await read(
      {
        'src/App.tsx': `import { AuthField } from './components/AuthField'\nexport const App = () => <AuthField type="email" />\n`,
        'src/components/AuthField.tsx': `import { type Ref, useId } from 'react'

interface AuthFieldProps {
  label: string
  type: 'email' | 'password' | 'tel' | 'text'
  required?: boolean
  rows?: number
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
  onBlur?: () => void
}

export function AuthField({ label, type, required }: AuthFieldProps) {
  return <input aria-label={label} type={type} required={required} />
}
`,
      },
      'AuthField',
    )
    expect(answer).toEqual({
      declared: {
        component: 'AuthField',
        at: { file: 'src/components/AuthField.tsx', line: 3, column: 0 },
        props: [
          { name: 'label', optional: false, kind: 'string', type: 'string' },
          {
            name: 'type',
            optional: false,
            kind: 'union',
            members: ['email', 'password', 'tel', 'text'],
            type: "'email' | 'password' | 'tel' | 'text'",
          },
          { name: 'required', optional: true, kind: 'boolean', type: 'boolean' },
          { name: 'rows', optional: true, kind: 'number', type: 'number' },
          { name: 'error', optional: true, kind: 'string', type: 'string | undefined' },
          { name: 'ref', optional: true, kind: 'other', type: 'Ref<HTMLInputElement>' },
          { name: 'onBlur', optional: true, kind: 'other', type: '() => void' },
        ],
      },
    })
  })

  test('a type alias whose prop is a local union alias, default props in the destructuring', async () => {
    const answer = await read(
      {
        'src/App.tsx': `import { Badge } from './Badge.tsx'\nexport const App = () => <Badge tone="warning">Beta</Badge>\n`,
        'src/Badge.tsx': `import type { ReactNode } from 'react'
type BadgeTone = 'neutral' | 'success' | 'warning'
type BadgeProps = { tone?: BadgeTone; size?: 1 | 2 | -1; children: ReactNode }
export function Badge({ tone = 'neutral', children }: BadgeProps) {
  return <span className={tone}>{children}</span>
}
`,
      },
      'Badge',
    )
    expect(answer).toMatchObject({
      declared: {
        at: { file: 'src/Badge.tsx', line: 3 },
        props: [
          { name: 'tone', kind: 'union', members: ['neutral', 'success', 'warning'], type: 'BadgeTone' },
          { name: 'size', kind: 'union', members: [1, 2, -1] },
          { name: 'children', kind: 'other' },
        ],
      },
    })
  })

  test('React.FC<Props> with the props type imported from a relative types module', async () => {
    const answer = await read(
      {
        'src/App.tsx': `import Button from './ui/Button'\nexport const App = () => <Button variant="ghost" />\n`,
        'src/ui/Button.tsx': `import type React from 'react'
import type { ButtonProps } from './types.js'
const Button: React.FC<ButtonProps> = ({ variant }) => <button className={variant} />
export default Button
`,
        'src/ui/types.ts': `export type Variant = 'primary' | 'ghost'\nexport interface ButtonProps { variant: Variant; disabled?: boolean | undefined }\n`,
      },
      'Button',
    )
    expect(answer).toMatchObject({
      declared: {
        component: 'Button',
        at: { file: 'src/ui/types.ts', line: 2 },
        props: [
          { name: 'variant', kind: 'union', members: ['primary', 'ghost'] },
          { name: 'disabled', kind: 'boolean', optional: true },
        ],
      },
    })
  })

  test('a component declared in the same file, inline props, memo and forwardRef', async () => {
    const files = {
      'src/App.tsx': `import { forwardRef, memo } from 'react'
function Pill({ size }: { size: 'sm' | 'lg'; count: number }) { return <i className={size} /> }
const Chip = memo(function Chip({ on }: { on: boolean }) { return <b>{String(on)}</b> })
const Field = forwardRef<HTMLInputElement, { kind: 'a' | 'b' }>((props, ref) => <input ref={ref} />)
export const App = () => <><Pill size="sm" count={2} /><Chip on /><Field kind="a" /></>
`,
    }
    expect(await read(files, 'Pill')).toMatchObject({
      declared: {
        props: [
          { name: 'size', kind: 'union', members: ['sm', 'lg'] },
          { name: 'count', kind: 'number' },
        ],
      },
    })
    expect(await read(files, 'Chip')).toMatchObject({
      declared: { props: [{ name: 'on', kind: 'boolean' }] },
    })
    expect(await read(files, 'Field')).toMatchObject({
      declared: { props: [{ name: 'kind', kind: 'union', members: ['a', 'b'] }] },
    })
  })

  test('what it does not read says why', async () => {
    const files = {
      'src/App.tsx': `import { Link } from 'react-router'
import { Plain } from './Plain'
import * as Tabs from './Tabs'
export const App = () => <><Link to="/" /><Plain /><Tabs.List /></>
`,
      'src/Plain.jsx': `export function Plain(props) { return <p {...props} /> }\n`,
    }
    expect(await read(files, 'Link')).toEqual({
      note: 'Link comes from the package react-router: its props are not read',
    })
    expect(await read(files, 'Plain')).toEqual({
      note: "Plain in src/Plain.jsx has no props type annotation (its first parameter's, or React.FC<Props>)",
    })
    expect(await read(files, 'Tabs.List')).toEqual({
      note: 'Tabs.List is a member of Tabs: its props are not read',
    })
    expect(await read(files, 'Missing')).toEqual({
      note: 'Missing is not declared or imported in src/App.tsx',
    })
  })

  test('mixed unions are other; a keyword with nullish parts keeps its kind', async () => {
    const answer = await read(
      {
        'src/App.tsx': `type P = { a: string | number; b?: 'x' | string; c: number | null; d: 'on' | boolean; e: true | false }
function C(props: P) { return null }
export const App = () => <C a="1" b="x" c={1} d e />
`,
      },
      'C',
    )
    expect(answer).toMatchObject({
      declared: {
        props: [
          { name: 'a', kind: 'other' },
          { name: 'b', kind: 'string' },
          { name: 'c', kind: 'number' },
          { name: 'd', kind: 'union', members: ['on', true, false] },
          { name: 'e', kind: 'boolean' },
        ],
      },
    })
  })
})

describe('componentsInScope', () => {
  test('value imports and component declarations, not types, constants, namespaces or the enclosing component', () => {
    const code = `import { type Ref, useId, Fragment } from 'react'
import type { Props } from './types'
import * as Icons from './icons'
import { Card } from './Card'
import Logo from './logo.svg?react'
const MAX_ROWS = 3
const Title = styled.h2\`\`
const Row = memo(function Row() { return <div /> })
export function Panel() {
  return <section><Card /></section>
}
`
    const ast = parseModule(code, '/p/src/Panel.tsx')
    expect(componentsInScope(ast, code.indexOf('<section>'))).toEqual(['Card', 'Logo', 'Row', 'Title'])
  })
})

describe('importCandidates', () => {
  test("as written, TypeScript's .js for .ts(x), each extension, the folder's index", () => {
    expect(importCandidates('/p/src/App.tsx', './ui/Button.js').slice(0, 3)).toEqual([
      '/p/src/ui/Button.js',
      '/p/src/ui/Button.tsx',
      '/p/src/ui/Button.ts',
    ])
    expect(importCandidates('/p/src/App.tsx', '../lib')).toContain('/p/lib/index.tsx')
  })
})
