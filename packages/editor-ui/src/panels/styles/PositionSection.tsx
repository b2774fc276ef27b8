import { NumberField } from './NumberField.tsx'
import { Section } from './Section.tsx'
import { SelectField } from './SelectField.tsx'
import { useStyles } from './styles-context.ts'

const INSET = ['px', 'rem', '%', 'auto']

/** How the element is positioned; its offsets once it is not static; its stacking order. */
export function PositionSection() {
  const { evals } = useStyles()
  const positioned = (evals?.styles.position ?? 'static') !== 'static'
  return (
    <Section title="Position">
      <SelectField
        property="position"
        label="Position"
        options={['static', 'relative', 'absolute', 'fixed', 'sticky']}
      />
      {positioned ? (
        <div className="grid grid-cols-2 gap-x-2">
          <NumberField narrow property="top" label="Top" short="T" units={INSET} />
          <NumberField narrow property="right" label="Right" short="R" units={INSET} />
          <NumberField narrow property="bottom" label="Bottom" short="B" units={INSET} />
          <NumberField narrow property="left" label="Left" short="L" units={INSET} />
        </div>
      ) : null}
      <NumberField property="z-index" label="Z-index" units={['', 'auto']} />
    </Section>
  )
}
