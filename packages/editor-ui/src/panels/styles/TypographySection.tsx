import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Minus,
  Strikethrough,
  Underline,
} from 'lucide-react'
import { ColorField } from './ColorField.tsx'
import { NumberField } from './NumberField.tsx'
import { Section } from './Section.tsx'
import { SegmentedField } from './SegmentedField.tsx'
import { SelectField } from './SelectField.tsx'
import { useStyles } from './styles-context.ts'

const ICON = { 'aria-hidden': true, size: 13 } as const
const WEIGHTS: [string, string][] = [
  ['100', 'Thin'],
  ['200', 'Extra light'],
  ['300', 'Light'],
  ['400', 'Regular'],
  ['500', 'Medium'],
  ['600', 'Semibold'],
  ['700', 'Bold'],
  ['800', 'Extra bold'],
  ['900', 'Black'],
]
const ALIGNMENTS = [
  { value: 'left', label: 'Align left', icon: <AlignLeft {...ICON} /> },
  { value: 'center', label: 'Align centre', icon: <AlignCenter {...ICON} /> },
  { value: 'right', label: 'Align right', icon: <AlignRight {...ICON} /> },
  { value: 'justify', label: 'Justify', icon: <AlignJustify {...ICON} /> },
]
const DECORATIONS = [
  { value: 'none', label: 'No decoration', icon: <Minus {...ICON} /> },
  { value: 'underline', label: 'Underline', icon: <Underline {...ICON} /> },
  { value: 'line-through', label: 'Strikethrough', icon: <Strikethrough {...ICON} /> },
]

/** The text: its font (the theme's families first), size, weight, spacing, colour, alignment, decoration. */
export function TypographySection() {
  const { tokens } = useStyles()
  const families = (tokens?.fontFamilies ?? []).map((token) => ({ value: token.value, label: token.name }))
  return (
    <Section title="Typography">
      <SelectField property="font-family" label="Font" options={families} />
      <NumberField property="font-size" label="Font size" short="Size" units={['px', 'rem', 'em']} min={0} />
      <SelectField
        property="font-weight"
        label="Weight"
        options={WEIGHTS.map(([value, name]) => ({ value, label: `${value} ${name}` }))}
      />
      <NumberField
        property="line-height"
        label="Line height"
        units={['px', '', 'rem', 'em', 'normal']}
        min={0}
      />
      <NumberField property="letter-spacing" label="Letter spacing" units={['px', 'em', 'rem', 'normal']} />
      <ColorField property="color" label="Text colour" short="Colour" />
      <SegmentedField property="text-align" label="Text align" segments={ALIGNMENTS} />
      <SegmentedField property="text-decoration-line" label="Decoration" segments={DECORATIONS} />
    </Section>
  )
}
