import { BoxModel } from './BoxModel.tsx'
import { Section } from './Section.tsx'

/** Margin and padding, per side, in the box they make. */
export function SpacingSection() {
  return (
    <Section title="Spacing">
      <div className="pt-1 pb-0.5">
        <BoxModel />
      </div>
    </Section>
  )
}
