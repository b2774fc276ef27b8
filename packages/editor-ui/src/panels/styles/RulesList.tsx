import { Lock, Pencil } from 'lucide-react'
import type { ProcessedCssRule } from 'vite-plugin-visual-edit/protocol'
import { Section } from './Section.tsx'
import { fileTail, useStyles } from './styles-context.ts'

/** A rule's declarations on one line: `padding: 1rem; color: red`. */
const declarations = (rule: ProcessedCssRule) =>
  Object.entries(rule.styles)
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ')

/**
 * The element's CSS rules as the inspector lists them (processRulesForSelectedElement): which apply
 * now, which wait for a state, a breakpoint or dark mode, which are inherited, and which are the
 * project's to edit (a CSS edit goes to one of those) or read-only (Tailwind's utilities change through
 * the classes above; a library's CSS not at all).
 */
export function RulesList() {
  const { styling, loading } = useStyles()
  const rules = styling.rules
  return (
    <Section title={`Rules${loading ? '' : ` (${rules.length})`}`}>
      {rules.length === 0 || loading ? (
        <p className="m-0 py-1 text-[11px] text-[var(--ink-3)]">
          {loading ? 'Reading the rules…' : 'No CSS rule styles this element.'}
        </p>
      ) : (
        <ul aria-label="CSS rules" className="m-0 flex list-none flex-col gap-0.5 p-0">
          {rules.map((rule) => {
            const status = rule.inherited
              ? 'inherited'
              : rule.applied
                ? 'applies'
                : rule.modifiers.length > 0
                  ? `waits for ${rule.modifiers.join(', ')}`
                  : 'does not apply'
            return (
              <li
                // A selector repeats across sheets, layers and ancestors; its text, file and element do not.
                key={`${rule.codebaseId}|${rule.filename}|${rule.cssText}`}
                title={`${rule.cssText}\n${fileTail(rule.filename)}`}
                className={`flex min-h-6 flex-col justify-center rounded px-1 py-0.5 hover:bg-[var(--hover)] ${rule.applied ? '' : 'opacity-70'}`}
              >
                <span className="flex min-w-0 items-center gap-1 text-[11px]">
                  {rule.allowChanges ? (
                    <Pencil aria-hidden="true" size={10} className="shrink-0 text-[var(--accent-ink)]" />
                  ) : (
                    <Lock aria-hidden="true" size={10} className="shrink-0 text-[var(--ink-3)]" />
                  )}
                  <span className="sr-only">{rule.allowChanges ? 'Editable:' : 'Read-only:'}</span>
                  <span
                    className={`truncate font-mono ${rule.applied && !rule.inherited ? 'text-[var(--ink)]' : 'text-[var(--ink-2)]'}`}
                  >
                    {rule.selector}
                  </span>
                  <span className="ml-auto shrink-0 text-[10px] text-[var(--ink-3)]">{status}</span>
                </span>
                <span className="truncate pl-3.5 font-mono text-[10px] text-[var(--ink-3)]">
                  {fileTail(rule.filename)} · {declarations(rule)}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </Section>
  )
}
