import { useId, useState } from 'react'
import { FieldRow } from './FieldRow.tsx'
import { MIXED, removable, useStyles, useStyleValue } from './styles-context.ts'
import { useStyleEdit } from './use-style-edit.ts'

/**
 * A value typed as CSS (a background image, a shadow, grid columns): Enter or leaving the field
 * writes it when the browser reads it as a value of the property; Escape puts the computed one back.
 */
export function TextField({
  property,
  label,
  placeholder,
}: {
  property: string
  label: string
  placeholder?: string
}) {
  const { loading } = useStyles()
  const { computed, source, mixed } = useStyleValue(property)
  const edit = useStyleEdit(property)
  const badgeId = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const [invalid, setInvalid] = useState(false)
  const commit = () => {
    if (draft === null) return
    const text = draft.trim()
    if (text === '') {
      setInvalid(false)
      if (removable(source)) void edit.remove().finally(() => setDraft(null))
      else setDraft(null)
      return
    }
    if (!CSS.supports(property, text)) return setInvalid(true)
    void edit.commit(text, computed).finally(() => setDraft(null))
  }
  return (
    <FieldRow label={label} source={source} badgeId={badgeId}>
      <input
        type="text"
        aria-label={label}
        aria-describedby={badgeId}
        aria-invalid={invalid}
        aria-busy={loading}
        autoComplete="off"
        spellCheck={false}
        title={computed}
        placeholder={mixed ? MIXED : placeholder}
        value={draft ?? (loading ? '' : computed)}
        onChange={(event) => {
          setDraft(event.target.value)
          setInvalid(false)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            commit()
          } else if (event.key === 'Escape') {
            event.preventDefault()
            setDraft(null)
            setInvalid(false)
          }
        }}
        onBlur={commit}
        className="h-6 w-full min-w-0 rounded border border-[var(--line)] bg-[var(--chrome-2)] px-1 font-mono text-[11px] text-[var(--ink)] outline-none hover:border-[var(--ink-3)] focus:border-accent aria-invalid:border-red-500"
      />
    </FieldRow>
  )
}
