import { useId } from 'react'
import { FieldRow } from './FieldRow.tsx'
import { Picker, type PickerOption } from './Picker.tsx'
import { useStyles, useStyleValue } from './styles-context.ts'
import { useStyleEdit } from './use-style-edit.ts'

/**
 * A keyword property (display, position, font weight, border style): its computed value picked from a
 * list; a pick writes at once (getByRole('combobox', { name: label })).
 */
export function SelectField({
  property,
  label,
  options,
  writes,
  short,
}: {
  property: string
  /** The accessible name (getByRole('combobox', { name })). */
  label: string
  /** The visible label, when shorter (`Style` in the Border section). */
  short?: string
  options: readonly (string | PickerOption)[]
  /** Written instead of `property` (border-style for the four sides). */
  writes?: readonly string[]
}) {
  const { loading } = useStyles()
  const { computed, source } = useStyleValue(property)
  const edit = useStyleEdit(property, writes)
  const badgeId = useId()
  return (
    <FieldRow label={short ?? label} source={source} badgeId={badgeId}>
      <Picker
        label={label}
        describedBy={badgeId}
        value={loading ? '' : computed}
        disabled={loading}
        options={options.map((option) => (typeof option === 'string' ? { value: option } : option))}
        onChange={(value) => void edit.commit(value, computed)}
      />
    </FieldRow>
  )
}
