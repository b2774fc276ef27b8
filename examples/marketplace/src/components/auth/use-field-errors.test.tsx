// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, expect, test } from 'vitest'
import { useFieldErrors } from './use-field-errors.ts'

const ORDER = ['name', 'email', 'password'] as const

type Hook = ReturnType<typeof useFieldErrors<(typeof ORDER)[number]>>

let root: Root | undefined
let container: HTMLDivElement | undefined

afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
})

/** Three inputs in form order, each with the hook's ref; returns the latest hook value. */
function renderForm() {
  const latest: { hook?: Hook } = {}
  function Form() {
    const hook = useFieldErrors(ORDER)
    latest.hook = hook
    return (
      <form>
        {ORDER.map((name) => (
          <input key={name} name={name} ref={hook.fieldRef(name)} aria-invalid={Boolean(hook.errors[name])} />
        ))}
      </form>
    )
  }
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  act(() => root?.render(<Form />))
  const hook = () => {
    if (!latest.hook) throw new Error('not rendered')
    return latest.hook
  }
  const input = (name: string) => container?.querySelector<HTMLInputElement>(`input[name="${name}"]`)
  return { hook, input }
}

test('focus goes to the first invalid field in form order', () => {
  const { hook, input } = renderForm()
  let valid = true
  act(() => {
    valid = hook().check({ password: 'x', email: 'y' })
  })
  expect(valid).toBe(false)
  expect(document.activeElement).toBe(input('email'))
  expect(hook().errors).toEqual({ password: 'x', email: 'y' })
  expect(input('password')?.getAttribute('aria-invalid')).toBe('true')

  act(() => {
    valid = hook().check({})
  })
  expect(valid).toBe(true)
  expect(hook().errors).toEqual({})
  expect(document.activeElement).toBe(input('email'))
})

test('fieldRef gives one ref per field across renders', () => {
  const { hook } = renderForm()
  const first = hook().fieldRef('name')
  act(() => {
    hook().check({ name: 'Full name is required' })
  })
  expect(hook().fieldRef('name')).toBe(first)
})
