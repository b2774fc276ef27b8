import { transformSync } from 'esbuild'

/** What the recording `h` makes of `h(type, props, ...children)`: React's createElement arguments. */
export interface Created {
  type: unknown
  props: Record<string, unknown> | null
  children: unknown[]
}

/**
 * Compiles a module with esbuild (React's JSX semantics: `<>` is `Fragment`, keys are props) and calls
 * its export `name` with `props`, rendering with a recording `h`. Fragments render as the string
 * 'Fragment'; the only import allowed is `Fragment` from react.
 */
export function renderExport(source: string, name: string, props?: unknown): Created {
  const { code } = transformSync(source, {
    loader: 'tsx',
    format: 'cjs',
    jsx: 'transform',
    jsxFactory: 'h',
    jsxFragment: 'Fragment',
  })
  const module = { exports: {} as Record<string, unknown> }
  const h = (
    type: unknown,
    elementProps: Record<string, unknown> | null,
    ...children: unknown[]
  ): Created => ({
    type,
    props: elementProps,
    children,
  })
  const require = (id: string) => {
    if (id === 'react') return { Fragment: 'Fragment' }
    throw new Error(`The module imports ${id}`)
  }
  new Function('module', 'exports', 'require', 'h', 'Fragment', code)(
    module,
    module.exports,
    require,
    h,
    'Fragment',
  )
  return (module.exports[name] as (props: unknown) => Created)(props)
}
