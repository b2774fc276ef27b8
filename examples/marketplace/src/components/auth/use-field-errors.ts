import { createRef, type RefObject, useCallback, useRef, useState } from 'react'
import type { FieldErrors } from '../../lib/auth/validation.ts'

/**
 * A form's field errors: `check` shows the validation's messages and moves focus to the first
 * invalid field in form `order`; `fieldRef(name)` is the ref that field's input takes.
 */
export function useFieldErrors<Field extends string>(order: readonly Field[]) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const refs = useRef(new Map<Field, RefObject<HTMLInputElement | null>>())

  const fieldRef = useCallback((name: Field): RefObject<HTMLInputElement | null> => {
    let ref = refs.current.get(name)
    if (!ref) {
      ref = createRef<HTMLInputElement>()
      refs.current.set(name, ref)
    }
    return ref
  }, [])

  /** Shows `found`; true when the form may be sent, else focus is on the first invalid field. */
  const check = useCallback(
    (found: FieldErrors<Field>): boolean => {
      setErrors(found)
      const invalid = order.find((field) => found[field])
      if (invalid === undefined) return true
      fieldRef(invalid).current?.focus()
      return false
    },
    [order, fieldRef],
  )

  return { errors, fieldRef, check }
}
