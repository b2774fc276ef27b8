import { X } from 'lucide-react'
import type { PropRow } from '../../features/prop-fields.ts'
import { useSession } from '../../session/session-context.tsx'
import { CodeLink } from './CodeLink.tsx'
import { PropValueField } from './PropValueField.tsx'
import { NAME, ROW } from './props-ui.ts'

/**
 * One prop: an editable literal (its control by type, and Remove), or what is written read-only with
 * why and where (an expression, a spread, a prop visual-edit may not set).
 */
export function PropRowView({ row, saving }: { row: PropRow; saving: string | null }) {
  const session = useSession()
  if (row.kind === 'readonly')
    return (
      <div className={ROW}>
        <span className={NAME} title={row.reason}>
          {row.name}
        </span>
        <div className="flex min-w-0 flex-col">
          <code
            title={`${row.text}\n${row.reason}`}
            className="flex h-6 items-center truncate font-mono text-[11px] text-[var(--ink)]"
          >
            <span className="truncate">{row.text}</span>
          </code>
          <span className="flex min-w-0 text-[11px] text-[var(--ink-3)]">
            <span className="sr-only">Read-only, in </span>
            <CodeLink at={row.at} />
          </span>
        </div>
        <span />
      </div>
    )
  const busy = saving === row.name
  const type = row.declared ? `${row.name}: ${row.declared.type}` : row.name
  return (
    <div className={ROW}>
      <span className={NAME} title={type}>
        {row.name}
      </span>
      <PropValueField
        name={row.name}
        editor={row.editor}
        value={row.value}
        members={row.members}
        busy={busy}
        onCommit={(value) => session.props.setProp(row.name, value)}
      />
      <button
        type="button"
        aria-label={`Remove ${row.name}`}
        title={`Remove ${row.name} from the element`}
        disabled={saving !== null}
        onClick={() => void session.props.removeProp(row.name)}
        className="flex size-5 items-center justify-center self-center rounded text-[var(--ink-3)] outline-none hover:bg-[var(--hover)] hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-40"
      >
        <X aria-hidden="true" size={12} />
      </button>
    </div>
  )
}
