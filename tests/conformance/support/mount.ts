import {
  act,
  createElement,
  type FunctionComponent,
  type ReactElement,
  type ReactNode,
  useEffect,
} from 'react'
import { createRoot } from 'react-dom/client'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { vi } from 'vitest'
import type { Account } from '../../../examples/marketplace/src/lib/auth/account.ts'
import { AuthContext, type AuthContextValue } from '../../../examples/marketplace/src/lib/auth/context.ts'

/**
 * The marketplace's components rendered by React in happy-dom, inside what they need: a router (at
 * `path`) and the auth context (signed out unless an account is given). What a visitor reads is the
 * container's text; where a click or a form leads is the router's location afterwards.
 */
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** An account of `role`, as the server's role lookup gives it. */
export function accountOf(role: Account['role'], name = 'Asha'): Account {
  return { userId: `user-${role}`, email: `${role}@example.com`, name, role, roleSource: 'users' }
}

/** The auth context of a visitor (no account) or of a signed-in account; no Supabase client is loaded. */
export function authValue(
  account: Account | null = null,
  status?: AuthContextValue['status'],
): AuthContextValue {
  const user = account ? ({ id: account.userId, email: account.email, user_metadata: {} } as never) : null
  return {
    status: status ?? (account ? 'signed-in' : 'signed-out'),
    user,
    account,
    getClient: () => Promise.reject(new Error('The conformance tests load no Supabase client')),
    refreshAccount: async () => account,
    signOut: async () => {},
  }
}

/** `createElement` for a component whose props require `children` (these tests are .ts, without JSX). */
export function withChildren<P extends { children: ReactNode }>(
  type: FunctionComponent<P>,
  props: Omit<P, 'children'>,
  children: ReactNode,
): ReactElement {
  return createElement(type, { ...props, children } as P)
}

export interface Mounted {
  readonly container: HTMLElement
  /** The text a visitor reads, runs of white space as one space. */
  text(): string
  /** The router's location now: pathname, search and hash. */
  location(): string
  /** The `href` of every link, in document order. */
  links(): string[]
  unmount(): void
}

export interface MountOptions {
  path?: string
  auth?: AuthContextValue
}

const mounted = new Set<Mounted>()

/** The text nodes under `node`, each apart from the next, runs of white space as one space. */
function textOf(node: Node): string {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
  const parts: string[] = []
  for (let text = walker.nextNode(); text; text = walker.nextNode()) parts.push(text.nodeValue ?? '')
  return parts.join(' ').replace(/\s+/g, ' ').trim()
}

/** Lets what the test left running settle (a page's read, a lazy part), then unmounts it all (afterEach). */
export async function unmountAll(): Promise<void> {
  if (mounted.size > 0) await settle()
  for (const view of mounted) view.unmount()
}

/** Renders `element` into the page, in a router at `path` and the auth context. */
export function mount(element: ReactElement, { path = '/', auth = authValue() }: MountOptions = {}): Mounted {
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  let where = path
  const Probe = () => {
    const location = useLocation()
    useEffect(() => {
      where = `${location.pathname}${location.search}${location.hash}`
    }, [location])
    return null
  }
  act(() =>
    root.render(
      createElement(
        AuthContext.Provider,
        { value: auth },
        createElement(MemoryRouter, { initialEntries: [path] }, element, createElement(Probe)),
      ),
    ),
  )
  const view: Mounted = {
    container,
    text: () => textOf(container),
    location: () => where,
    links: () => [...container.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? ''),
    unmount() {
      if (!mounted.delete(view)) return
      act(() => root.unmount())
      container.remove()
    },
  }
  mounted.add(view)
  return view
}

/** Waits for pending promises and timers of zero delay, inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
  })
}

/** Replaces window.alert (happy-dom has none) with a mock until unmountAll. */
export function stubAlert(): ReturnType<typeof vi.fn> {
  const alert = vi.fn()
  Object.defineProperty(window, 'alert', { value: alert, configurable: true, writable: true })
  return alert
}

/** Settles until `done()` holds (a page's data came), or fails after `attempts` turns. */
export async function until(done: () => boolean, attempts = 200): Promise<void> {
  for (let turn = 0; turn < attempts && !done(); turn++) await settle()
  if (!done()) throw new Error(`Still waiting after ${attempts} turns: ${done.toString()}`)
}

/** Sets a form control's value as a user would (React reads the native setter), then fires its event. */
export function enter(
  control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  value: string,
): void {
  const prototype = Object.getPrototypeOf(control) as object
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set
  act(() => {
    setter?.call(control, value)
    control.dispatchEvent(
      new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    )
  })
}

/** Dispatches an event on the window or an element inside act. */
export function fire(target: EventTarget, event: Event): void {
  act(() => {
    target.dispatchEvent(event)
  })
}

/** Clicks an element inside act. */
export function click(element: Element): void {
  act(() => {
    ;(element as HTMLElement).click()
  })
}

/** Presses an element as a pointer does (Radix tabs and menus act on the press, not the click). */
export function press(element: Element): void {
  act(() => {
    element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'mouse' }))
    element.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }))
    element.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, button: 0, pointerType: 'mouse' }))
    element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true, button: 0 }))
    ;(element as HTMLElement).click()
  })
}

/** Submits a form inside act, through its submit button as a user would (the button is the submitter). */
export function submit(form: HTMLFormElement): void {
  const button = form.querySelector<HTMLElement>('button[type="submit"], input[type="submit"]')
  act(() => {
    if (button) button.click()
    else form.requestSubmit()
  })
}

/** The element of `view` whose text is `text` exactly (buttons, links, headings). */
export function byText(view: Mounted, selector: string, text: string): HTMLElement {
  const found = [...view.container.querySelectorAll<HTMLElement>(selector)].find(
    (element) => textOf(element) === text,
  )
  if (!found) throw new Error(`No ${selector} reads '${text}' in: ${view.text()}`)
  return found
}
