import { ColorField } from './ColorField.tsx'
import { NumberField } from './NumberField.tsx'
import { Section } from './Section.tsx'
import { SelectField } from './SelectField.tsx'

/**
 * The border on every side (its width, style and colour shown from the top side, written to all
 * four), and the radius: all corners at once, or each corner.
 */
export function BorderSection() {
  return (
    <Section title="Border">
      <NumberField
        property="border-top-width"
        label="Border width"
        short="Width"
        writes={['border-width']}
        units={['px', 'rem']}
        min={0}
      />
      <SelectField
        property="border-top-style"
        label="Border style"
        short="Style"
        writes={['border-style']}
        options={['none', 'solid', 'dashed', 'dotted', 'double']}
      />
      <ColorField
        property="border-top-color"
        label="Border colour"
        short="Colour"
        writes={['border-color']}
      />
      <NumberField
        property="border-top-left-radius"
        label="Radius"
        writes={['border-radius']}
        units={['px', 'rem', '%']}
        min={0}
      />
      <div className="grid grid-cols-2 gap-x-2">
        <NumberField
          narrow
          property="border-top-left-radius"
          label="Radius top left"
          short="TL"
          units={['px', 'rem', '%']}
          min={0}
        />
        <NumberField
          narrow
          property="border-top-right-radius"
          label="Radius top right"
          short="TR"
          units={['px', 'rem', '%']}
          min={0}
        />
        <NumberField
          narrow
          property="border-bottom-left-radius"
          label="Radius bottom left"
          short="BL"
          units={['px', 'rem', '%']}
          min={0}
        />
        <NumberField
          narrow
          property="border-bottom-right-radius"
          label="Radius bottom right"
          short="BR"
          units={['px', 'rem', '%']}
          min={0}
        />
      </div>
    </Section>
  )
}
