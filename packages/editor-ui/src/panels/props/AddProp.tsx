import { Plus } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import type { ElementPropsResponse, LiteralMember } from 'vite-plugin-visual-edit/protocol'
import {
  addPropProblem,
  initialValue,
  memberOf,
  memberText,
  type PropEditor,
  parseDraft,
  unsetDeclaredProps,
} from '../../features/prop-fields.ts'
import { useSession } from '../../session/session-context.tsx'
import { Picker } from '../styles/Picker.tsx'
import { BUTTON, INPUT } from './props-ui.ts'

const TYPES: { value: Exclude<PropEditor, 'select'>; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'boolean', label: 'Boolean' },
]

/**
 * Add prop: a name (the component's declared props it does not set are suggested; a name the server
 * refuses, or one already set, is refused here with why) and a value typed by the declared type, or
 * by the type chosen (text, number, boolean). Enter or Add writes it (CHANGE_PROP); Escape or Cancel
 * closes the form, writing nothing.
 */
export function AddProp({ code, saving }: { code: ElementPropsResponse; saving: string | null }) {
  const session = useSession()
  const listId = useId()
  const problemId = useId()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [chosen, setChosen] = useState<Exclude<PropEditor, 'select'>>('text')
  const [draft, setDraft] = useState('')
  const [flag, setFlag] = useState(true)
  const [member, setMember] = useState<LiteralMember | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const suggestions = unsetDeclaredProps(code)
  const declared = code.declared?.props.find((prop) => prop.name === name.trim())
  const editor: PropEditor =
    declared?.kind === 'union'
      ? 'select'
      : declared?.kind === 'string'
        ? 'text'
        : declared?.kind === 'number' || declared?.kind === 'boolean'
          ? declared.kind
          : chosen
  const members = declared?.kind === 'union' ? (declared.members ?? []) : []

  const close = () => {
    setOpen(false)
    setName('')
    setDraft('')
    setFlag(true)
    setMember(null)
    setProblem(null)
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const propName = name.trim()
    const refused = addPropProblem(propName, code)
    if (refused) return setProblem(refused)
    let value: string | number | boolean
    if (editor === 'boolean') value = flag
    else if (editor === 'select') value = member ?? (initialValue(declared) as LiteralMember)
    else {
      const parsed = parseDraft(editor, draft)
      if ('problem' in parsed) return setProblem(parsed.problem)
      value = parsed.value as string | number
    }
    if (await session.props.addProp(propName, value)) close()
  }

  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        disabled={saving !== null}
        className={`${BUTTON} w-fit`}
      >
        <Plus aria-hidden="true" size={12} />
        Add prop
      </button>
    )
  return (
    <form
      aria-label="Add prop"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          close()
        }
      }}
      className="flex flex-col gap-1 rounded border border-[var(--line)] p-1.5"
    >
      <div className="grid grid-cols-[minmax(0,1fr)_88px] gap-1">
        <input
          // biome-ignore lint/a11y/noAutofocus: the form opens on the user's click, for typing the name.
          autoFocus
          aria-label="New prop name"
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem !== null}
          list={listId}
          placeholder="name"
          autoComplete="off"
          spellCheck={false}
          value={name}
          onChange={(event) => {
            setName(event.target.value)
            setProblem(null)
            setMember(null)
          }}
          className={`${INPUT} font-mono`}
        />
        <datalist id={listId}>
          {suggestions.map((prop) => (
            <option key={prop.name} value={prop.name}>
              {prop.type}
            </option>
          ))}
        </datalist>
        {declared && declared.kind !== 'other' ? (
          <span
            className="flex h-6 items-center truncate font-mono text-[11px] text-[var(--ink-3)]"
            title={declared.type}
          >
            {declared.type}
          </span>
        ) : (
          <Picker
            label="New prop type"
            value={chosen}
            options={TYPES}
            onChange={(value) => setChosen(TYPES.find((type) => type.value === value)?.value ?? 'text')}
          />
        )}
      </div>
      {editor === 'boolean' ? (
        <label className="flex h-6 items-center gap-1.5 text-[12px] text-[var(--ink-2)]">
          <input
            type="checkbox"
            aria-label="New prop value"
            checked={flag}
            onChange={(event) => setFlag(event.target.checked)}
            className="size-3.5 accent-[var(--color-accent)] outline-none focus-visible:ring-2 focus-visible:ring-accent"
          />
          <span className="font-mono text-[11px]">{flag ? 'true' : 'false'}</span>
        </label>
      ) : editor === 'select' ? (
        <Picker
          label="New prop value"
          value={memberText(member ?? (initialValue(declared) as LiteralMember))}
          options={members.map((option) => ({ value: memberText(option), label: memberText(option) }))}
          onChange={(text) => setMember(memberOf(members, text) ?? null)}
        />
      ) : (
        <input
          aria-label="New prop value"
          inputMode={editor === 'number' ? 'decimal' : undefined}
          placeholder={editor === 'number' ? '0' : 'value'}
          autoComplete="off"
          spellCheck={false}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value)
            setProblem(null)
          }}
          className={`${INPUT} ${editor === 'number' ? 'font-mono tabular-nums' : ''}`}
        />
      )}
      {problem ? (
        <p id={problemId} role="alert" className="m-0 text-[11px] text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      <div className="flex justify-end gap-1">
        <button type="button" onClick={close} className={BUTTON}>
          Cancel
        </button>
        <button
          type="submit"
          disabled={saving !== null}
          className={`${BUTTON} bg-[var(--selected)] text-[var(--ink)]`}
        >
          Add
        </button>
      </div>
    </form>
  )
}
