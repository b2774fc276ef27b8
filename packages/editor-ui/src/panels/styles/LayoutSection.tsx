import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp } from 'lucide-react'
import { GridColumnsField } from './GridColumnsField.tsx'
import { NumberField } from './NumberField.tsx'
import { Section } from './Section.tsx'
import { SegmentedField } from './SegmentedField.tsx'
import { SelectField } from './SelectField.tsx'
import { useStyles } from './styles-context.ts'

const DISPLAYS = [
  'block',
  'flex',
  'grid',
  'inline',
  'inline-block',
  'inline-flex',
  'inline-grid',
  'contents',
  'none',
]
const ICON = { 'aria-hidden': true, size: 13 } as const
const DIRECTIONS = [
  { value: 'row', label: 'Row', icon: <ArrowRight {...ICON} /> },
  { value: 'column', label: 'Column', icon: <ArrowDown {...ICON} /> },
  { value: 'row-reverse', label: 'Row reversed', icon: <ArrowLeft {...ICON} /> },
  { value: 'column-reverse', label: 'Column reversed', icon: <ArrowUp {...ICON} /> },
]
const JUSTIFY = [
  'normal',
  'flex-start',
  'center',
  'flex-end',
  'space-between',
  'space-around',
  'space-evenly',
]
const ALIGN = ['normal', 'stretch', 'flex-start', 'center', 'flex-end', 'baseline']

/** Display, and for a flex or grid container how it lays out its children (as Figma's auto layout). */
export function LayoutSection() {
  const { evals } = useStyles()
  const display = evals?.styles.display ?? ''
  const flex = display.endsWith('flex')
  const grid = display.endsWith('grid')
  const gapsDiffer = evals ? evals.styles['row-gap'] !== evals.styles['column-gap'] : false
  return (
    <Section title="Layout">
      <SelectField property="display" label="Display" options={DISPLAYS} />
      {flex ? (
        <>
          <SegmentedField property="flex-direction" label="Direction" segments={DIRECTIONS} />
          <SelectField property="flex-wrap" label="Wrap" options={['nowrap', 'wrap', 'wrap-reverse']} />
        </>
      ) : null}
      {grid ? <GridColumnsField /> : null}
      {flex || grid ? (
        <>
          <SelectField property="justify-content" label="Justify" options={JUSTIFY} />
          <SelectField property="align-items" label="Align" options={ALIGN} />
          {gapsDiffer ? (
            <>
              <NumberField property="row-gap" label="Row gap" min={0} />
              <NumberField property="column-gap" label="Column gap" min={0} />
            </>
          ) : (
            <NumberField property="row-gap" label="Gap" writes={['gap']} min={0} />
          )}
        </>
      ) : null}
    </Section>
  )
}
