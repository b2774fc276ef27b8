import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react'
import {
  type Bounds,
  baseStep,
  convertUnit,
  type FieldValue,
  formatFieldValue,
  nudge,
  numberOf,
  parseFieldValue,
  roundValue,
  scrub,
  stepOf,
} from './css-values.ts'
import { FieldLabel, LABEL_NARROW, LABEL_WIDE } from './FieldRow.tsx'
import { Picker } from './Picker.tsx'
import { describeSource, MIXED, removable, useStyles, useStyleValue } from './styles-context.ts'
import { useStyleEdit } from './use-style-edit.ts'

export interface NumberFieldProps extends Bounds {
  /** The CSS property shown (its computed value) and written. */
  property: string
  /** The accessible name: `Padding top` (getByRole('spinbutton', { name })). */
  label: string
  /** The visible label, the scrub handle (default: `label`). */
  short?: string
  /** The units offered, the first the default; [''] for a unitless value (opacity, z-index). */
  units?: readonly string[]
  /** Written instead of `property` (a control that sets several properties at once). */
  writes?: readonly string[]
  /** Multiplies the unit's step (opacity: 0.1 -> 0.01 with step 0.1). */
  step?: number
  /** The box model's field: no label, no unit list, scrubbed by dragging the field itself. */
  compact?: boolean
  /** Two fields a row (W and H): a short label column. */
  narrow?: boolean
}

/** The unit list's name for a unitless number (a Radix list item cannot have an empty value). */
const UNITLESS = '×'

const INPUT =
  'h-6 min-w-0 rounded bg-transparent text-[11px] tabular-nums text-[var(--ink)] outline-none placeholder:text-[var(--ink-3)] focus:bg-[var(--chrome)] aria-invalid:text-red-600 dark:aria-invalid:text-red-400'

/**
 * A number with its unit (docs/EDITOR.md, Styles panel): shows the computed value; typing and Enter (or
 * leaving the field) writes once; ArrowUp/Down step it (Shift x10, Alt /10), previewed while the key is
 * held and written on its release; dragging the label left or right scrubs it, previewed, written on
 * release; Escape takes a preview back. The unit list converts the value (px <-> rem at 16 px).
 */
export function NumberField({
  property,
  label,
  short,
  units = ['px', 'rem', '%'],
  writes,
  step = 1,
  compact = false,
  narrow = false,
  min,
  max,
}: NumberFieldProps) {
  const { loading } = useStyles()
  const { computed, source, mixed } = useStyleValue(property)
  const edit = useStyleEdit(property, writes)
  const badgeId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [draft, setDraft] = useState<string | null>(null)
  const [invalid, setInvalid] = useState(false)
  const scrubbing = useRef<{ x: number; start: { value: number; unit: string }; moved: boolean } | null>(null)

  const defaultUnit = units[0] ?? 'px'
  const base = parseFieldValue(computed, defaultUnit)
  const baseUnit = base?.kind === 'number' ? base.unit : defaultUnit
  const initial = base ? formatFieldValue(base) : computed
  const current: FieldValue | null = draft === null ? base : parseFieldValue(draft, baseUnit)
  const shownUnit =
    current?.kind === 'number'
      ? current.unit
      : current && units.includes(current.keyword)
        ? current.keyword
        : baseUnit
  // A keyword the unit list offers (`auto`, `none`) shows there only; the field is empty, ready for a number.
  const keywordUnit = base?.kind === 'keyword' && units.includes(base.keyword)
  const text =
    draft ??
    (loading
      ? ''
      : base?.kind === 'number'
        ? String(roundValue(base.value))
        : keywordUnit
          ? ''
          : (base?.keyword ?? computed))
  const bounds = { min, max }
  const fallback = numberOf(computed, defaultUnit)
  const unitStep = (keys: { shiftKey?: boolean; altKey?: boolean }, unit: string) =>
    stepOf(baseStep(unit) * step, keys)
  /** What the field shows of a value: its number alone in the unit shown, else the whole CSS text. */
  const show = (value: FieldValue) =>
    value.kind === 'number' && value.unit === baseUnit
      ? String(roundValue(value.value))
      : formatFieldValue(value)

  // What the last commit sent, until it is answered: a blur right after Enter does not send it again.
  const sent = useRef<string | null>(null)
  const finish = (css: string) => {
    setInvalid(false)
    sent.current = draft
    void edit.commit(css, initial).finally(() => {
      sent.current = null
      setDraft(null)
    })
  }
  const commitTyped = () => {
    if (draft === null || draft === sent.current) return
    if (draft.trim() === '') {
      // Emptied: the value goes where it is written; a default stays what it is.
      setInvalid(false)
      if (!removable(source)) return setDraft(null)
      sent.current = draft
      void edit.remove().finally(() => {
        sent.current = null
        setDraft(null)
      })
      return
    }
    const typed = parseFieldValue(draft, baseUnit)
    if (!typed) return setInvalid(true)
    finish(formatFieldValue(typed))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault()
      const from = current ?? { kind: 'number' as const, ...fallback }
      const unit = from.kind === 'number' ? from.unit : fallback.unit
      const next = nudge(from, event.key === 'ArrowUp' ? 1 : -1, unitStep(event, unit), fallback, bounds)
      setDraft(show(next))
      setInvalid(false)
      edit.preview(formatFieldValue(next))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      if (edit.pending !== null) finish(edit.pending)
      else commitTyped()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      edit.cancel()
      setDraft(null)
      setInvalid(false)
    }
  }
  const onKeyUp = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && edit.pending !== null) finish(edit.pending)
  }
  const onBlur = () => {
    if (edit.pending !== null) finish(edit.pending)
    else commitTyped()
  }

  const scrubStart = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || loading) return
    // The compact field is dragged itself: a drag scrubs, a click focuses it.
    if (compact && document.activeElement === input.current) return
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    const from = current?.kind === 'number' ? current : fallback
    scrubbing.current = { x: event.clientX, start: { value: from.value, unit: from.unit }, moved: false }
  }
  const scrubMove = (event: PointerEvent<HTMLElement>) => {
    const scrubbed = scrubbing.current
    if (!scrubbed) return
    const dx = event.clientX - scrubbed.x
    if (!scrubbed.moved && Math.abs(dx) < 3) return
    scrubbed.moved = true
    const next = scrub(scrubbed.start, dx, unitStep(event, scrubbed.start.unit), bounds)
    setDraft(show(next))
    edit.preview(formatFieldValue(next))
  }
  const scrubEnd = () => {
    const scrubbed = scrubbing.current
    scrubbing.current = null
    if (!scrubbed) return
    if (scrubbed.moved && edit.pending !== null) finish(edit.pending)
    else {
      input.current?.focus()
      input.current?.select()
    }
  }
  const scrubHandlers = {
    onPointerDown: scrubStart,
    onPointerMove: scrubMove,
    onPointerUp: scrubEnd,
    onLostPointerCapture: scrubEnd,
  }

  const field = (
    <input
      ref={input}
      type="text"
      role="spinbutton"
      aria-label={label}
      aria-describedby={badgeId}
      aria-valuenow={!loading && current?.kind === 'number' ? current.value : undefined}
      aria-valuetext={!loading && current ? formatFieldValue(current) : undefined}
      aria-invalid={invalid}
      aria-busy={loading}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={text}
      placeholder={loading ? '' : mixed ? MIXED : '–'}
      onChange={(event) => {
        setDraft(event.target.value)
        setInvalid(false)
      }}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onBlur={onBlur}
      {...(compact ? scrubHandlers : {})}
      className={
        compact
          ? `${INPUT} w-10 cursor-ew-resize px-0.5 text-center hover:bg-[var(--hover)] focus:cursor-text focus-visible:ring-2 focus-visible:ring-accent`
          : `${INPUT} w-full px-1`
      }
    />
  )
  if (compact)
    return (
      <span
        className="relative inline-flex"
        title={`${label}: ${current ? formatFieldValue(current) : computed}`}
      >
        {field}
        <span id={badgeId} className="sr-only">
          {describeSource(source)}
        </span>
      </span>
    )

  return (
    <div className={`grid h-7 items-center gap-1 ${narrow ? LABEL_NARROW : LABEL_WIDE}`}>
      <FieldLabel label={short ?? label} source={source} badgeId={badgeId} handle={scrubHandlers} />
      <div className="flex h-6 min-w-0 items-center rounded border border-[var(--line)] bg-[var(--chrome-2)] focus-within:border-accent hover:border-[var(--ink-3)]">
        {field}
        {units.length > 1 || (units[0] ?? '') !== '' ? (
          <Picker
            compact
            label={`${label} unit`}
            value={shownUnit === '' ? UNITLESS : shownUnit}
            options={units.map((unit) => ({ value: unit === '' ? UNITLESS : unit }))}
            disabled={loading}
            onChange={(picked) => {
              const unit = picked === UNITLESS ? '' : picked
              finish(
                formatFieldValue(convertUnit(current ?? { kind: 'number', ...fallback }, unit, fallback)),
              )
            }}
          />
        ) : null}
      </div>
    </div>
  )
}
