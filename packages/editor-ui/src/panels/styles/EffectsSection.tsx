import { NumberField } from './NumberField.tsx'
import { Section } from './Section.tsx'
import { ShadowField } from './ShadowField.tsx'

/** Shadow (the theme's shadows) and opacity (0 to 1, a hundredth a step). */
export function EffectsSection() {
  return (
    <Section title="Effects">
      <ShadowField />
      <NumberField property="opacity" label="Opacity" units={['']} step={0.1} min={0} max={1} />
    </Section>
  )
}
