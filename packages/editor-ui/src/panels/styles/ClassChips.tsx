import { Command } from 'cmdk'
import { X } from 'lucide-react'
import { type KeyboardEvent, useState } from 'react'
import { withModifiers } from 'vite-plugin-visual-edit/protocol'
import { variantsOf } from '../../features/class-conflicts.ts'
import { scopeModifiers } from '../../features/style-scope.ts'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { useStyles } from './styles-context.ts'

/**
 * The element's classes as chips, each removable (its button, or Backspace/Delete on it), and the
 * input that adds one (getByRole('combobox', { name: 'Add class' })): suggestions from the project's
 * Tailwind as the user types (arrows, Enter picks; the first item is what was typed), each with its
 * swatch or value; Shift+Enter adds the text as written (a class of the project's own CSS). A class
 * the server refuses stays in the input, its reason in a toast. Classes are added under the scope's
 * modifiers (`hover:`, `md:`, `dark:`).
 */
export function ClassChips({
  editable,
  shared,
}: {
  editable: boolean
  /** A multi-selection's: the classes every element has (those a chip removes from all). */
  shared?: readonly string[]
}) {
  const session = useSession()
  const { styling } = useStyles()
  const scope = useEditorState((state) => state.styleScope)
  const suggestions = useEditorState((state) => state.classSuggestions)
  const tailwind = useEditorState((state) => state.stylingFramework) === 'Tailwind'
  const chips = shared ?? styling.classes
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  /** The last add was refused: the text stays, and how to add it anyway is said under it. */
  const [refused, setRefused] = useState(false)
  const [highlighted, setHighlighted] = useState('')
  const prefix = withModifiers('', scopeModifiers(scope))
  const typed = query.trim()
  // Suggestions are for the last word typed; picking one puts it in that word's place.
  const head = typed.split(/\s+/).slice(0, -1).join(' ')
  const shown = suggestions.query === typed ? suggestions.suggestions : []
  const items =
    typed === ''
      ? []
      : [...(shown.some((s) => s.className === typed) ? [] : [{ className: typed, css: null }]), ...shown]

  const add = (text: string, asWritten = false) => {
    if (text.trim() === '' || busy) return
    setBusy(true)
    void session.addClass(text, { asWritten }).then((ok) => {
      setBusy(false)
      setRefused(!ok)
      if (!ok) return
      setQuery('')
      session.suggestClasses('')
    })
  }
  const applied = (className: string) => {
    const rules = styling.rules.filter((rule) => rule.classParsed === className && !rule.inherited)
    return rules.length === 0 || rules.some((rule) => rule.applied)
  }
  const onChipKey = (event: KeyboardEvent<HTMLButtonElement>, className: string) => {
    if (event.key !== 'Backspace' && event.key !== 'Delete') return
    // The chip's own: the editor's Delete (the selected element) must not run.
    event.preventDefault()
    void session.removeClass(className)
  }

  return (
    <div className="flex flex-col gap-1.5 px-3 py-2">
      {chips.length > 0 ? (
        <ul aria-label="Classes" className="m-0 flex list-none flex-wrap gap-1 p-0">
          {chips.map((className) => {
            const variants = variantsOf(className)
            const on = applied(className)
            return (
              <li
                key={className}
                title={on ? className : `${className}: does not apply now (another state, width or theme)`}
                className={`flex h-5 max-w-full items-center rounded border border-[var(--line)] bg-[var(--chrome-2)] pl-1.5 font-mono text-[11px] ${on ? 'text-[var(--ink)]' : 'text-[var(--ink-3)]'}`}
              >
                <span className="truncate">
                  {variants ? <span className="text-[var(--accent-ink)]">{variants}</span> : null}
                  {className.slice(variants.length)}
                </span>
                <button
                  type="button"
                  aria-label={`Remove class ${className}`}
                  disabled={!editable}
                  onClick={() => void session.removeClass(className)}
                  onKeyDown={(event) => onChipKey(event, className)}
                  className="ml-0.5 flex h-full w-4 items-center justify-center rounded-r text-[var(--ink-3)] outline-none hover:bg-[var(--hover)] hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent disabled:hidden"
                >
                  <X aria-hidden="true" size={10} />
                </button>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="m-0 text-[11px] text-[var(--ink-3)]">
          {shared ? 'No class they all have.' : 'No classes.'}
        </p>
      )}
      <Command
        label="Add class"
        shouldFilter={false}
        loop
        value={highlighted}
        onValueChange={setHighlighted}
        className="relative"
      >
        <div className="flex h-6 items-center rounded border border-[var(--line)] bg-[var(--chrome-2)] focus-within:border-accent hover:border-[var(--ink-3)]">
          {prefix ? (
            <span
              className="pl-1.5 font-mono text-[11px] text-[var(--accent-ink)]"
              title="Added under the scope above"
            >
              {prefix}
            </span>
          ) : null}
          <Command.Input
            value={query}
            onValueChange={(value) => {
              setQuery(value)
              setRefused(false)
              setOpen(true)
              session.suggestClasses(value.trim().split(/\s+/).pop() ?? '')
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && event.shiftKey) {
                event.preventDefault()
                add(query, true)
              } else if (event.key === 'Escape') {
                event.preventDefault()
                if (open && typed !== '') setOpen(false)
                else setQuery('')
              }
            }}
            placeholder={tailwind ? 'Add class: p-4, bg-blue-500…' : 'Add class'}
            aria-busy={busy}
            disabled={busy}
            autoComplete="off"
            spellCheck={false}
            className="h-6 min-w-0 flex-1 bg-transparent px-1.5 font-mono text-[11px] text-[var(--ink)] outline-none placeholder:font-sans placeholder:text-[var(--ink-3)]"
          />
        </div>
        <Command.List
          hidden={!open || items.length === 0}
          className="absolute top-7 right-0 left-0 z-30 max-h-56 overflow-y-auto rounded border border-[var(--line)] bg-[var(--chrome)] p-1 shadow-lg"
        >
          {items.map((suggestion, index) => (
            <Command.Item
              key={suggestion.className}
              value={suggestion.className}
              onMouseDown={(event) => event.preventDefault()}
              onSelect={(value) => add(value === typed ? value : `${head} ${value}`)}
              title={suggestion.css ?? undefined}
              className="flex h-6 cursor-default items-center gap-1.5 rounded px-1.5 font-mono text-[11px] text-[var(--ink)] data-[selected=true]:bg-[var(--selected)]"
            >
              {'color' in suggestion && suggestion.color ? (
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-sm border border-[var(--line)]"
                  style={{ background: suggestion.color }}
                />
              ) : (
                <span aria-hidden="true" className="size-3 shrink-0" />
              )}
              <span className="shrink-0">
                {index === 0 && !shown.some((s) => s.className === typed)
                  ? `Add ${suggestion.className}`
                  : suggestion.className}
              </span>
              {'value' in suggestion && suggestion.value ? (
                <span className="ml-auto shrink-0 font-sans text-[var(--ink-3)] tabular-nums">
                  {suggestion.value}
                </span>
              ) : null}
            </Command.Item>
          ))}
          {suggestions.query === typed && suggestions.status === 'error' ? (
            <p role="status" className="m-0 px-1.5 py-1 font-sans text-[11px] text-[var(--ink-3)]">
              {suggestions.error}
            </p>
          ) : null}
        </Command.List>
      </Command>
      {refused && tailwind ? (
        <p className="m-0 text-[11px] text-[var(--ink-3)]">
          Not added. Fix the class, or press Shift+Enter to add it as written (a class of your own CSS).
        </p>
      ) : null}
      {!editable ? (
        <p className="m-0 text-[11px] text-[var(--ink-3)]">
          The className is an expression: edit its classes in the code.
        </p>
      ) : null}
    </div>
  )
}
