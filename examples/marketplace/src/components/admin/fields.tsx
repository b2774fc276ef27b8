import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { characterCount } from '../../lib/admin/mail.ts'

/**
 * The admin dialogs' form fields: a label, the control, a hint under it and, after a check, its
 * problem in red, each note named by the control's aria-describedby and a problem marking it
 * aria-invalid. Two looks, as the sections were drawn: `plain` (Dashboard, Users: a soft focus ring,
 * hints in the body size) and `compact` (Subscriptions: a solid ring, small hints, a darker red).
 */
export type FieldLook = 'plain' | 'compact'

const LOOKS = {
  plain: {
    ok: 'border-gray-300 focus:border-blue-500 focus:ring-blue-500/30',
    bad: 'border-red-500 focus:border-red-500 focus:ring-red-500/30',
    hint: 'mt-1 text-sm text-gray-500',
    error: 'mt-1 text-sm text-red-600',
  },
  compact: {
    ok: 'border-gray-300 focus:border-blue-500 focus:ring-blue-500',
    bad: 'border-red-500 focus:border-red-500 focus:ring-red-500',
    hint: 'mt-1 text-xs text-gray-500',
    error: 'mt-1 text-sm text-red-700',
  },
} as const

/** A text field's or select's look; red when it has a problem; `spaced` below its label. */
export const inputClass = (invalid: boolean, look: FieldLook = 'plain', spaced = true) =>
  `${spaced ? 'mt-1 ' : ''}block w-full rounded-md border px-3 py-2 text-sm text-gray-900 focus:ring-2 focus:outline-none disabled:bg-gray-100 disabled:text-gray-500 ${
    invalid ? LOOKS[look].bad : LOOKS[look].ok
  }`

/** The ids a field's hint, problem and character count have, in that order, for its `aria-describedby`. */
export const describedBy = (id: string, hint: boolean, error: string | undefined, count = false) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : '', count ? `${id}-count` : '']
    .filter(Boolean)
    .join(' ') || undefined

/** A field's problem, said where the field is. */
export function FieldError({
  id,
  error,
  look = 'plain',
}: {
  id: string
  error: string | undefined
  look?: FieldLook
}) {
  if (!error) return null
  return (
    <p id={id} className={LOOKS[look].error}>
      {error}
    </p>
  )
}

/**
 * A field's characters against its limit, counted as the database counts them (after trimming; an
 * emoji is one), red when over. Named by the field's aria-describedby: read with the field, not
 * announced at each key.
 */
function CharacterCount({ id, text, max }: { id: string; text: string; max: number }) {
  const used = characterCount(text)
  return (
    <span
      id={id}
      className={`text-xs tabular-nums ${used > max ? 'font-medium text-red-600' : 'text-gray-500'}`}
    >
      {used.toLocaleString('en-IN')} / {max.toLocaleString('en-IN')} characters
    </span>
  )
}

/** What a field says about its control, besides the control itself. */
interface FieldNotes {
  label: string
  hint?: ReactNode
  error?: string | undefined
  /** The text typed and its limit: a character count beside the label. */
  count?: { text: string; max: number }
  look?: FieldLook
  /** The field's box, such as a grid column. */
  className?: string
}

interface FieldProps extends FieldNotes {
  id: string
  /** The control, given `id` and its ARIA by its caller (controlAria). */
  children: ReactNode
}

/** A labelled control with its character count beside the label, its hint under it, then its problem. */
export function Field({ id, label, hint, error, count, look = 'plain', className, children }: FieldProps) {
  return (
    <div className={className}>
      {count ? (
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={id} className="text-sm font-medium text-gray-700">
            {label}
          </label>
          <CharacterCount id={`${id}-count`} text={count.text} max={count.max} />
        </div>
      ) : (
        <label htmlFor={id} className="block text-sm font-medium text-gray-700">
          {label}
        </label>
      )}
      {children}
      {hint && (
        <p id={`${id}-hint`} className={LOOKS[look].hint}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} look={look} />
    </div>
  )
}

/**
 * The id and ARIA a field's control takes: invalid while it has a problem, described by its hint,
 * problem and count, then by `also` (a note it shares with other fields).
 */
export function controlAria(id: string, { hint, error, count }: Omit<FieldNotes, 'label'>, also?: string) {
  const own = describedBy(id, Boolean(hint), error, Boolean(count))
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [own, also].filter(Boolean).join(' ') || undefined,
  }
}

/** Props of a field whose control is a native one: the field's notes, then the control's own. */
type ControlProps<Tag extends 'input' | 'textarea' | 'select'> = FieldNotes &
  Omit<ComponentProps<Tag>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & {
    /** A fixed id; else one of its own. */
    id?: string
    /** The id of a note outside the field that describes it too (one shared by two fields). */
    sharedNote?: string | undefined
  }

/** Splits a control's props into its field's, its own id and ARIA, and the rest for the element. */
function useControl<Tag extends 'input' | 'textarea' | 'select'>(props: ControlProps<Tag>) {
  const { label, hint, error, count, look = 'plain', className, id: fixedId, sharedNote, ...control } = props
  const ownId = useId()
  const id = fixedId ?? ownId
  const notes = { hint, error, count, look }
  return {
    field: { id, label, className, ...notes },
    aria: controlAria(id, notes, sharedNote),
    controlClass: inputClass(Boolean(error), look),
    control,
  }
}

/** A labelled text input (of any type but checkbox). */
export function TextInput(props: ControlProps<'input'>) {
  const { field, aria, controlClass, control } = useControl(props)
  return (
    <Field {...field}>
      <input {...control} {...aria} className={controlClass} />
    </Field>
  )
}

/** A labelled textarea, resizable in height. */
export function TextArea(props: ControlProps<'textarea'>) {
  const { field, aria, controlClass, control } = useControl(props)
  return (
    <Field {...field}>
      <textarea {...control} {...aria} className={`${controlClass} resize-y`} />
    </Field>
  )
}

/** A labelled select; its options are its children. */
export function Select(props: ControlProps<'select'>) {
  const { field, aria, controlClass, control } = useControl(props)
  return (
    <Field {...field}>
      <select {...control} {...aria} className={controlClass} />
    </Field>
  )
}

interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'className' | 'children'> {
  label: string
  /** Where the label's box sits, such as `self-center`. */
  className?: string
}

/** A checkbox with its label after it. */
export function Checkbox({ label, className = '', ...input }: CheckboxProps) {
  return (
    <label className={`flex items-center gap-2 text-sm text-gray-700 ${className}`}>
      <input type="checkbox" {...input} className="h-4 w-4 accent-blue-600" />
      {label}
    </label>
  )
}

/**
 * Focus for a form a check or the database refused: give `form` to the form and call `refused`; once
 * the fields have rendered their problems, focus goes to the first one marked invalid.
 */
export function useFocusFirstProblem() {
  const form = useRef<HTMLFormElement>(null)
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusals])
  return { form, refused: () => setRefusals((count) => count + 1) }
}
