import { NumberField } from './NumberField.tsx'
import { Section } from './Section.tsx'

const LENGTH = ['px', 'rem', '%', 'auto']
const LIMIT = ['px', 'rem', '%', 'none']

/** Width and height, and their limits, two to a row as in design tools. */
export function SizeSection() {
  return (
    <Section title="Size">
      <div className="grid grid-cols-2 gap-x-2">
        <NumberField narrow property="width" label="Width" short="W" units={LENGTH} min={0} />
        <NumberField narrow property="height" label="Height" short="H" units={LENGTH} min={0} />
        <NumberField narrow property="min-width" label="Min width" short="Min W" units={LENGTH} min={0} />
        <NumberField narrow property="min-height" label="Min height" short="Min H" units={LENGTH} min={0} />
        <NumberField narrow property="max-width" label="Max width" short="Max W" units={LIMIT} min={0} />
        <NumberField narrow property="max-height" label="Max height" short="Max H" units={LIMIT} min={0} />
      </div>
    </Section>
  )
}
