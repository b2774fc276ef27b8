import { useSelector } from '@xstate/react'
import { Bot } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { useEditorState, useSession } from '../session/session-context.tsx'

const CONNECTION_TEXT: Record<string, string> = {
  waitingForFrame: 'Loading the app…',
  connecting: 'Connecting to the app…',
  ready: 'Connected',
  reconnecting: 'The app reloaded: reconnecting…',
  failed: 'Not connected',
}

/** The bottom line: connection, elements, last save, changes waiting. */
export function StatusBar() {
  const session = useSession()
  const connection = useSelector(session.connection, (snapshot) => snapshot.value)
  const error = useSelector(session.connection, (snapshot) => snapshot.context.error)
  const nodes = useEditorState((state) => state.nodes.length)
  const lastSave = useEditorState((state) => state.lastSave)
  const agents = useEditorState((state) => state.agent.connected)
  const pending = useSyncExternalStore(
    session.ledger.subscribe.bind(session.ledger),
    () => session.ledger.pending,
  )
  return (
    <footer className="flex h-[22px] shrink-0 items-center gap-3 overflow-hidden whitespace-nowrap px-2 text-[11px] text-[var(--ink-3)]">
      <span role="status" className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className={`inline-block size-1.5 rounded-full ${connection === 'ready' ? 'bg-emerald-500' : connection === 'failed' ? 'bg-red-500' : 'bg-amber-400'}`}
        />
        {CONNECTION_TEXT[connection] ?? connection}
        {connection === 'failed' && error ? `: ${error}` : ''}
      </span>
      {connection === 'failed' ? (
        <button
          type="button"
          className="rounded px-1 text-[var(--accent-ink)] underline-offset-2 hover:underline"
          onClick={() => session.connection.send({ type: 'RETRY' })}
        >
          Retry
        </button>
      ) : null}
      {nodes > 0 ? <span>{nodes === 1 ? '1 element' : `${nodes.toLocaleString()} elements`}</span> : null}
      {lastSave ? (
        <span className="min-w-0 truncate">
          last save {lastSave.at.toLocaleTimeString()} (
          {lastSave.files.map((file) => file.split('/').at(-1)).join(', ')})
        </span>
      ) : null}
      {pending > 0 ? (
        <span>
          {pending} change{pending === 1 ? '' : 's'} pending
        </span>
      ) : null}
      {agents > 0 ? (
        <span
          data-testid="agent-status"
          className="ml-auto flex shrink-0 items-center gap-1.5"
          title="A coding agent is connected through visual-edit mcp: it sees the selection, and its edits are in the history."
        >
          <Bot aria-hidden="true" className="size-3 text-[var(--accent-ink)]" />
          {agents === 1 ? 'Agent connected' : `${agents} agents connected`}
        </span>
      ) : null}
    </footer>
  )
}
