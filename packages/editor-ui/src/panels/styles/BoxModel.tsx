import { NumberField } from './NumberField.tsx'
import { useStyles } from './styles-context.ts'

const SIDES = ['top', 'right', 'bottom', 'left'] as const
type Side = (typeof SIDES)[number]

/** A side's field of the box: `Margin top` (getByRole('spinbutton', { name: 'Margin top' })). */
function SideField({ box, side }: { box: 'margin' | 'padding'; side: Side }) {
  return (
    <NumberField
      compact
      property={`${box}-${side}`}
      label={`${box === 'margin' ? 'Margin' : 'Padding'} ${side}`}
      units={box === 'margin' ? ['px', 'rem', '%', 'auto'] : ['px', 'rem', '%']}
      min={box === 'padding' ? 0 : undefined}
    />
  )
}

/**
 * Margin and padding per side, drawn as the box they make (as in browser devtools and design tools):
 * the margin around the padding around the element's size. Each side is a number field: type and
 * Enter, arrows (Shift x10), or drag it left and right to scrub.
 */
export function BoxModel() {
  const { evals, loading } = useStyles()
  const width = Number.parseFloat(evals?.styles.width ?? '')
  const height = Number.parseFloat(evals?.styles.height ?? '')
  const size =
    !loading && Number.isFinite(width) && Number.isFinite(height)
      ? `${Math.round(width)} × ${Math.round(height)}`
      : '–'
  return (
    <fieldset
      aria-label="Margin"
      className="relative m-0 grid min-w-0 p-0 grid-cols-[44px_minmax(0,1fr)_44px] grid-rows-[24px_auto_24px] items-center justify-items-center rounded border border-[var(--ink-3)] border-dashed bg-[var(--chrome-2)] text-[10px] text-[var(--ink-3)]"
    >
      <span aria-hidden="true" className="absolute top-0.5 left-1.5 select-none">
        MARGIN
      </span>
      <div className="col-start-2 row-start-1">
        <SideField box="margin" side="top" />
      </div>
      <div className="col-start-1 row-start-2">
        <SideField box="margin" side="left" />
      </div>
      <fieldset
        aria-label="Padding"
        className="relative col-start-2 m-0 min-w-0 p-0 row-start-2 grid w-full grid-cols-[44px_minmax(0,1fr)_44px] grid-rows-[24px_24px_24px] items-center justify-items-center rounded border border-[var(--line)] bg-[var(--chrome)]"
      >
        <span aria-hidden="true" className="absolute top-0.5 left-1.5 select-none">
          PADDING
        </span>
        <div className="col-start-2 row-start-1">
          <SideField box="padding" side="top" />
        </div>
        <div className="col-start-1 row-start-2">
          <SideField box="padding" side="left" />
        </div>
        <output
          aria-label="Size"
          className="col-start-2 row-start-2 rounded-sm bg-[var(--selected)] px-1.5 py-0.5 text-[10px] text-[var(--ink-2)] tabular-nums"
        >
          {size}
        </output>
        <div className="col-start-3 row-start-2">
          <SideField box="padding" side="right" />
        </div>
        <div className="col-start-2 row-start-3">
          <SideField box="padding" side="bottom" />
        </div>
      </fieldset>
      <div className="col-start-3 row-start-2">
        <SideField box="margin" side="right" />
      </div>
      <div className="col-start-2 row-start-3">
        <SideField box="margin" side="bottom" />
      </div>
    </fieldset>
  )
}
