import { ColorField } from './ColorField.tsx'
import { Section } from './Section.tsx'
import { TextField } from './TextField.tsx'

/** The background's colour and image (a url() or a gradient, typed as CSS). */
export function BackgroundSection() {
  return (
    <Section title="Background">
      <ColorField property="background-color" label="Background colour" short="Colour" />
      <TextField property="background-image" label="Image" placeholder="none" />
    </Section>
  )
}
