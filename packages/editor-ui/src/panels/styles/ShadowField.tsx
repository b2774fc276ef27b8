import { useId } from 'react'
import { FieldRow } from './FieldRow.tsx'
import { Picker } from './Picker.tsx'
import { useStyles, useStyleValue } from './styles-context.ts'
import { useStyleEdit } from './use-style-edit.ts'

/**
 * The shadow, picked from the theme's shadows (design tokens) or none. The computed value is the
 * browser's rewrite of the shadow, so the current one is named by the class that sets it (`shadow-md`
 * is the theme's `md`), else shown as Custom.
 */
export function ShadowField() {
  const { loading, tokens } = useStyles()
  const { computed, source } = useStyleValue('box-shadow')
  const edit = useStyleEdit('box-shadow')
  const badgeId = useId()
  const shadows = tokens?.shadows ?? []
  const byClass =
    source.kind === 'class'
      ? shadows.find((token) => source.className.endsWith(`shadow-${token.name}`))
      : undefined
  const value = loading ? '' : computed === 'none' ? 'none' : (byClass?.value ?? 'custom')
  const options = [
    { value: 'none', label: 'None' },
    ...shadows.map((token) => ({ value: token.value, label: token.name })),
    ...(value === 'custom' ? [{ value: 'custom', label: 'Custom' }] : []),
  ]
  return (
    <FieldRow label="Shadow" source={source} badgeId={badgeId}>
      <Picker
        label="Shadow"
        describedBy={badgeId}
        value={value}
        disabled={loading}
        options={options}
        onChange={(picked) => {
          if (picked !== 'custom') void edit.commit(picked, value)
        }}
      />
    </FieldRow>
  )
}
