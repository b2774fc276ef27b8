import { type ReactNode, useEffect, useState } from 'react'
import { ServerApi, ServerError } from '../api/server-api.ts'
import { type AppLocation, appLocation } from '../session/app-location.ts'
import { canvasId } from '../session/canvas-id.ts'
import { forgetSessionToken, takeSessionToken } from '../session/session-token.ts'
import { Editor } from './Editor.tsx'

type BootState =
  | { kind: 'no-token' }
  | { kind: 'starting'; api: ServerApi }
  | { kind: 'refused' }
  | { kind: 'unreachable'; api: ServerApi; message: string }
  | { kind: 'ready'; api: ServerApi; app: AppLocation }

function initialState(): BootState {
  const token = takeSessionToken()
  return token ? { kind: 'starting', api: new ServerApi(canvasId(), token) } : { kind: 'no-token' }
}

/**
 * The editor's first step: the session token from its URL (session-token.ts), then where the app is
 * (the gated project endpoint, which also tells whether the token is this server's). Without a token,
 * or with one the server refuses, the user is told how to open the editor; nothing else loads.
 */
export function Boot() {
  const [state, setState] = useState<BootState>(initialState)

  useEffect(() => {
    document.documentElement.classList.toggle(
      'dark',
      window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false,
    )
  }, [])

  useEffect(() => {
    if (state.kind !== 'starting') return
    let current = true
    state.api
      .project()
      .then((project) => {
        if (current) setState({ kind: 'ready', api: state.api, app: appLocation(window.location, project) })
      })
      .catch((error: unknown) => {
        if (!current) return
        if (error instanceof ServerError && error.status === 403) {
          forgetSessionToken()
          setState({ kind: 'refused' })
        } else
          setState({
            kind: 'unreachable',
            api: state.api,
            message: error instanceof Error ? error.message : String(error),
          })
      })
    return () => {
      current = false
    }
  }, [state])

  if (state.kind === 'ready') return <Editor api={state.api} app={state.app} />
  if (state.kind === 'starting') return null
  if (state.kind === 'no-token')
    return (
      <SessionGate title="Open the editor from its link">
        visual-edit gives the editor its session key in the link it prints when it starts (
        <code>editor&nbsp;&nbsp;http://…/__visual-edit/#token=…</code>). Open that link: the key is what lets
        this page write your files, so no other page or script gets it.
      </SessionGate>
    )
  if (state.kind === 'refused')
    return (
      <SessionGate title="This link's session key is not valid any more">
        The running dev server refused it: visual-edit makes a new key each time it starts. Open the link it
        printed last.
      </SessionGate>
    )
  return (
    <SessionGate title="visual-edit is not answering">
      {state.message}. Is <code>visual-edit edit</code> still running? Start it again if not, then{' '}
      <button
        type="button"
        className="rounded px-1 text-[var(--accent-ink)] underline outline-none focus-visible:ring-2 focus-visible:ring-accent"
        onClick={() => setState({ kind: 'starting', api: state.api })}
      >
        try again
      </button>
      .
    </SessionGate>
  )
}

/** A calm page in the editor's chrome that says what happened and what to do. */
function SessionGate({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex h-full items-center justify-center bg-[var(--canvas)] p-6 text-[var(--ink)]">
      <section
        aria-labelledby="session-gate-title"
        className="w-full max-w-[440px] rounded-md border border-[var(--line)] bg-[var(--chrome)] px-5 py-4 shadow-sm"
      >
        <h1 id="session-gate-title" className="text-[14px] font-semibold">
          {title}
        </h1>
        <p className="mt-2 text-[12px] leading-5 text-[var(--ink-2)]">{children}</p>
      </section>
    </main>
  )
}
