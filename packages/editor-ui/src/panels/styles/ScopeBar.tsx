import * as ToggleGroup from '@radix-ui/react-toggle-group'
import { Moon } from 'lucide-react'
import {
  RESPONSIVE_MODIFIERS,
  type ResponsiveModifier,
  STATE_MODIFIERS,
  type StateModifier,
  withModifiers,
} from 'vite-plugin-visual-edit/protocol'
import { breakpointWidths, scopeModifiers } from '../../features/style-scope.ts'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { Picker } from './Picker.tsx'

/** The State list's value for no forced state (a list item cannot have an empty value). */
const NO_STATE = 'none'
const BASE = 'base'

/**
 * What the panel's edits target (docs/EDITOR.md, Styles panel): a state forced on the element in the
 * canvas (`State`: none, hover, required, focus, active, invalid, disabled), a breakpoint whose width
 * the frame takes (`Breakpoint`: Base, sm..2xl), and dark mode shown the project's way (`Dark`). The
 * prefix the edits get is shown beside them (`md:dark:hover:`).
 */
export function ScopeBar() {
  const session = useSession()
  const scope = useEditorState((state) => state.styleScope)
  const tokens = useEditorState((state) => state.designTokens.tokens)
  const width = useEditorState((state) => state.width)
  const widths = breakpointWidths(tokens?.breakpoints)
  const prefix = withModifiers('', scopeModifiers(scope))
  const offWidth = scope.breakpoint !== null && widths[scope.breakpoint] !== width
  return (
    <div className="flex flex-col gap-1.5 border-[var(--line)] border-b px-3 py-2">
      <div className="flex items-center gap-1.5">
        <Picker
          label="State"
          value={scope.state ?? NO_STATE}
          options={[
            { value: NO_STATE, label: 'No state' },
            ...STATE_MODIFIERS.map((state) => ({ value: state, label: `:${state}` })),
          ]}
          onChange={(value) =>
            void session.setStyleState(value === NO_STATE ? null : (value as StateModifier))
          }
          className="w-[104px]"
        />
        <button
          type="button"
          aria-label="Dark"
          aria-pressed={scope.dark}
          title={
            scope.dark
              ? 'Showing the app dark: edits get dark:'
              : 'Show the app dark and edit its dark styles'
          }
          onClick={() => void session.setStyleDark(!scope.dark)}
          className="inline-flex h-6 items-center gap-1 rounded border border-[var(--line)] px-1.5 text-[11px] text-[var(--ink-2)] outline-none hover:bg-[var(--hover)] hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent aria-pressed:border-accent aria-pressed:bg-[var(--selected)] aria-pressed:text-[var(--ink)]"
        >
          <Moon aria-hidden="true" size={12} />
          Dark
        </button>
        <span
          title="The prefix the edits below get"
          className="ml-auto truncate font-mono text-[11px] text-[var(--accent-ink)]"
        >
          {prefix || 'base'}
        </span>
      </div>
      <ToggleGroup.Root
        type="single"
        aria-label="Breakpoint"
        value={scope.breakpoint ?? BASE}
        onValueChange={(value) => {
          if (value) session.setStyleBreakpoint(value === BASE ? null : (value as ResponsiveModifier))
        }}
        className="flex h-6 items-center rounded border border-[var(--line)] bg-[var(--chrome-2)] p-px"
      >
        <ToggleGroup.Item value={BASE} aria-label="Base" title="Base: every width" className={SEGMENT}>
          Base
        </ToggleGroup.Item>
        {RESPONSIVE_MODIFIERS.map((name) => (
          <ToggleGroup.Item
            key={name}
            value={name}
            aria-label={name}
            title={`${name}: ${widths[name]} px and wider (the frame takes ${widths[name]} px)`}
            className={SEGMENT}
          >
            {name}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
      {offWidth && scope.breakpoint ? (
        <p className="m-0 text-[11px] text-[var(--ink-3)]">
          The frame is {width} px, not {widths[scope.breakpoint]} px: edits still get {scope.breakpoint}:.
        </p>
      ) : null}
    </div>
  )
}

const SEGMENT =
  'flex h-full flex-1 items-center justify-center rounded-[3px] text-[11px] tabular-nums text-[var(--ink-2)] outline-none hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent data-[state=on]:bg-[var(--chrome)] data-[state=on]:font-medium data-[state=on]:text-[var(--ink)] data-[state=on]:shadow-sm'
