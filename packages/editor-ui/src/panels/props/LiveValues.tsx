import {
  type ComponentStateAndProps,
  snapshotValueText,
  TEMPO_FUNCTION_TYPE,
  TEMPO_OBJECT_TYPE,
} from 'vite-plugin-visual-edit/protocol'
import { LABEL } from './props-ui.ts'

/** A value as the page has it: a primitive as code writes it, an object or a function as a grey marker. */
function Value({ value }: { value: unknown }) {
  const marker = value === TEMPO_OBJECT_TYPE || value === TEMPO_FUNCTION_TYPE
  const text = snapshotValueText(value)
  return (
    <dd
      title={text}
      className={`m-0 truncate font-mono text-[11px] ${marker ? 'text-[var(--ink-3)] italic' : 'text-[var(--ink)]'}`}
    >
      {text}
    </dd>
  )
}

function Entries({ label, entries }: { label: string; entries: [string, unknown][] }) {
  return (
    <div className="flex flex-col gap-1">
      <span className={LABEL}>{label}</span>
      {entries.length === 0 ? (
        <p className={`m-0 ${LABEL}`}>None.</p>
      ) : (
        <dl className="m-0 grid grid-cols-[minmax(56px,min(35%,96px))_minmax(0,1fr)] gap-x-1 gap-y-0.5 text-[12px]">
          {entries.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="truncate font-mono text-[11px] text-[var(--ink-2)]" title={name}>
                {name}
              </dt>
              <Value value={value} />
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}

/**
 * The component instance's props and state as the page has them now (inspectElement), read-only:
 * what the code passes, defaults and all; objects and functions shown as the spec's markers.
 */
export function LiveValues({ live, error }: { live: ComponentStateAndProps | null; error: string | null }) {
  if (error) return <p className={`m-0 ${LABEL}`}>The page’s values could not be read: {error}.</p>
  if (!live) return null
  const state = live.state
  const stateEntries: [string, unknown][] = Array.isArray(state)
    ? state.map((value, index) => [`hook ${index + 1}`, value])
    : Object.entries(state ?? {})
  return (
    <>
      <Entries
        label="Live props"
        entries={Object.entries(live.props).filter(([name]) => name !== 'children')}
      />
      <Entries label="State" entries={stateEntries} />
    </>
  )
}
