import { BoxModel } from './BoxModel.tsx'
import { NumberField } from './NumberField.tsx'
import { Section } from './Section.tsx'

/**
 * Margin and padding, per side, in the box they make, and each for all four sides at once (written
 * as the shorthand: 16 px of padding is `p-4` in a Tailwind project). The all-sides fields show the
 * top side's value.
 */
export function SpacingSection() {
  return (
    <Section title="Spacing">
      <div className="pt-1 pb-0.5">
        <BoxModel />
      </div>
      <div className="grid grid-cols-2 gap-x-2">
        <NumberField
          narrow
          property="margin-top"
          label="All margins"
          short="M"
          writes={['margin']}
          units={['px', 'rem', '%', 'auto']}
        />
        <NumberField
          narrow
          property="padding-top"
          label="All padding"
          short="P"
          writes={['padding']}
          units={['px', 'rem', '%']}
          min={0}
        />
      </div>
    </Section>
  )
}
