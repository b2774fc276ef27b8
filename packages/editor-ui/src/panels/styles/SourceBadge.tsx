import { RESPONSIVE_MODIFIERS, type ResponsiveModifier } from 'vite-plugin-visual-edit/protocol'
import type { StyleSource } from '../../features/style-source.ts'
import { describeSource } from './styles-context.ts'

/**
 * Where a value comes from, at a glance beside its label: a blue dot for a value set on the element (a
 * class, its style prop, a rule of its own), grey for a rule it cannot change (a base style, a
 * library's CSS), amber for an inherited one, nothing for the default, and
 * the breakpoint's name instead of the dot when a responsive rule gives it. The full sentence is its
 * title, and the control's description for screen readers (`id`).
 */
export function SourceBadge({ source, id }: { source: StyleSource; id?: string }) {
  const text = describeSource(source)
  const rule = source.kind === 'class' || source.kind === 'rule' ? source.rule : null
  const breakpoint = rule?.modifiers.find((modifier): modifier is ResponsiveModifier =>
    (RESPONSIVE_MODIFIERS as readonly string[]).includes(modifier),
  )
  return (
    <span title={text} className="inline-flex min-w-1.5 shrink-0 items-center justify-center">
      <span id={id} className="sr-only">
        {text}
      </span>
      {breakpoint ? (
        <span
          aria-hidden="true"
          className="rounded-sm bg-[var(--selected)] px-0.5 text-[10px] leading-[14px] text-[var(--accent-ink)]"
        >
          {breakpoint}
        </span>
      ) : source.kind === 'none' ? null : (
        <span
          aria-hidden="true"
          className={`size-1.5 rounded-full ${
            source.kind === 'inherited'
              ? 'bg-amber-500'
              : source.kind === 'rule' && !source.editable
                ? 'bg-[var(--ink-3)]'
                : 'bg-accent'
          }`}
        />
      )}
    </span>
  )
}
