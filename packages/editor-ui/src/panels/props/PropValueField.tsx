import { useId, useRef, useState } from 'react'
import type { LiteralMember, PropValue } from 'vite-plugin-visual-edit/protocol'
import { memberOf, memberText, type PropEditor, parseDraft } from '../../features/prop-fields.ts'
import { Picker } from '../styles/Picker.tsx'
import { INPUT } from './props-ui.ts'

/**
 * A prop's value, edited by its type: text and numbers commit on Enter or leaving the field (Escape
 * puts the value back, an invalid number is refused with why, nothing written); a boolean is a
 * checkbox and a union of literals a list, each written as soon as it changes. The control's
 * accessible name is the prop's (`getByRole('textbox', { name: 'label' })`).
 */
export function PropValueField({
  name,
  editor,
  value,
  members,
  busy,
  onCommit,
  describedBy,
}: {
  name: string
  editor: PropEditor
  value: PropValue
  members?: readonly LiteralMember[]
  busy: boolean
  /** Writes the value; resolves to whether it was written. */
  onCommit: (value: PropValue) => Promise<boolean>
  describedBy?: string
}) {
  // What was written shows until the code's new value comes back (no flicker back to the old one);
  // a refused write shows the code's value again.
  const [pending, setPending] = useState<{ value: PropValue } | null>(null)
  const [codeValue, setCodeValue] = useState(value)
  if (codeValue !== value) {
    setCodeValue(value)
    setPending(null)
  }
  const shown = pending ? pending.value : value
  const commit = async (next: PropValue) => {
    setPending({ value: next })
    const written = await onCommit(next)
    if (!written) setPending(null)
    return written
  }
  if (editor === 'boolean')
    return (
      <label className="flex h-6 items-center gap-1.5 text-[12px] text-[var(--ink-2)]">
        <input
          type="checkbox"
          aria-label={name}
          aria-describedby={describedBy}
          checked={shown === true}
          disabled={busy}
          onChange={(event) => void commit(event.target.checked)}
          className="size-3.5 accent-[var(--color-accent)] outline-none focus-visible:ring-2 focus-visible:ring-accent"
        />
        <span aria-hidden="true" className="font-mono text-[11px]">
          {shown === true ? 'true' : 'false'}
        </span>
      </label>
    )
  if (editor === 'select' && members)
    return (
      <Picker
        label={name}
        describedBy={describedBy}
        value={memberText(shown === null ? '' : shown)}
        disabled={busy}
        options={members.map((member) => ({
          value: memberText(member),
          label: <span className="font-mono">{memberText(member)}</span>,
        }))}
        onChange={(text) => {
          const member = memberOf(members, text)
          if (member !== undefined && member !== shown) void commit(member)
        }}
      />
    )
  return (
    <DraftInput
      name={name}
      editor={editor}
      value={shown}
      busy={busy}
      onCommit={commit}
      describedBy={describedBy}
    />
  )
}

/** Text or a number, typed: committed on Enter or blur, Escape cancels. */
function DraftInput({
  name,
  editor,
  value,
  busy,
  onCommit,
  describedBy,
}: {
  name: string
  editor: PropEditor
  value: PropValue
  busy: boolean
  onCommit: (value: PropValue) => Promise<boolean>
  describedBy?: string
}) {
  const shown = value === null ? '' : String(value)
  const [draft, setDraft] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  // Escape blurs the field after putting the value back: that blur must not write.
  const cancelled = useRef(false)
  const problemId = useId()
  const commit = async () => {
    if (cancelled.current) {
      cancelled.current = false
      return
    }
    if (draft === null || busy) return
    const parsed = parseDraft(editor, draft)
    if ('problem' in parsed) {
      setProblem(parsed.problem)
      return
    }
    if (parsed.value === value) {
      setDraft(null)
      return
    }
    const written = await onCommit(parsed.value)
    setFailed(!written)
    if (written) setDraft(null)
  }
  return (
    <div className="flex min-w-0 flex-1 flex-col">
      <input
        type="text"
        {...(editor === 'number'
          ? {
              role: 'spinbutton',
              inputMode: 'decimal' as const,
              'aria-valuenow': typeof value === 'number' ? value : undefined,
            }
          : {})}
        aria-label={name}
        aria-describedby={[describedBy, problem ? problemId : ''].filter(Boolean).join(' ') || undefined}
        aria-invalid={problem !== null || failed}
        aria-busy={busy}
        autoComplete="off"
        spellCheck={false}
        value={draft ?? shown}
        onChange={(event) => {
          setDraft(event.target.value)
          setProblem(null)
          setFailed(false)
        }}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            void commit()
          } else if (event.key === 'Escape') {
            event.preventDefault()
            setDraft(null)
            setProblem(null)
            setFailed(false)
            cancelled.current = true
            event.currentTarget.blur()
          }
        }}
        className={`${INPUT} ${editor === 'number' ? 'font-mono tabular-nums' : ''}`}
      />
      {problem ? (
        <p id={problemId} role="alert" className="m-0 mt-0.5 text-[11px] text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
