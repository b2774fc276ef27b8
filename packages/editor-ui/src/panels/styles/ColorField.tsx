import * as Popover from '@radix-ui/react-popover'
import * as ToggleGroup from '@radix-ui/react-toggle-group'
import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import { HexColorPicker } from 'react-colorful'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { colorFamilies, colorOf, colorText } from './color.ts'
import { FieldLabel, LABEL_WIDE } from './FieldRow.tsx'
import { MIXED, removable, useStyles, useStyleValue } from './styles-context.ts'
import { useStyleEdit } from './use-style-edit.ts'

/** A checkerboard under a swatch, so a transparent colour reads as one. */
const CHECKER =
  'bg-[conic-gradient(#ccc_25%,#fff_0_50%,#ccc_0_75%,#fff_0)] bg-[length:8px_8px] dark:bg-[conic-gradient(#555_25%,#333_0_50%,#555_0_75%,#333_0)]'

/**
 * A colour (docs/EDITOR.md, Styles panel): a swatch that opens the picker, and the colour as text
 * (typed and Enter writes it). The picker offers the theme's colours first (its design tokens: a
 * token's value is sent, and the server writes the theme's class for it), then react-colorful's
 * picker, whose drag or held arrow key previews and writes once on release.
 */
export function ColorField({
  property,
  label,
  short,
  writes,
}: {
  property: string
  /** The accessible name: `Text colour`. */
  label: string
  /** The visible label (`Colour` in the Typography section). */
  short?: string
  writes?: readonly string[]
}) {
  const session = useSession()
  const { loading, tokens } = useStyles()
  const tokensState = useEditorState((state) => state.designTokens)
  const { computed, source, mixed } = useStyleValue(property)
  const edit = useStyleEdit(property, writes)
  const badgeId = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const [invalid, setInvalid] = useState(false)
  const shown = draft ?? (loading ? '' : colorText(computed))
  const swatch = colorOf(draft ?? computed)
  const initial = colorText(computed)

  const finish = (css: string) => {
    setInvalid(false)
    void edit.commit(css, initial).finally(() => setDraft(null))
  }
  const commitTyped = () => {
    if (draft === null) return
    const text = draft.trim()
    if (text === '') {
      setInvalid(false)
      if (removable(source)) void edit.remove().finally(() => setDraft(null))
      else setDraft(null)
      return
    }
    if (!CSS.supports('color', text)) return setInvalid(true)
    finish(text)
  }
  const endDrag = () => {
    if (edit.pending !== null) finish(edit.pending)
  }
  const families = useMemo(() => colorFamilies(tokens?.colors ?? []), [tokens])
  const current = tokens?.colors.find((token) => colorOf(token.value)?.hex === swatch?.hex)?.name ?? ''

  return (
    <div className={`grid h-7 items-center gap-1 ${LABEL_WIDE}`}>
      <FieldLabel label={short ?? label} source={source} badgeId={badgeId} />
      <div className="flex h-6 min-w-0 items-center gap-1 rounded border border-[var(--line)] bg-[var(--chrome-2)] pl-1 focus-within:border-accent hover:border-[var(--ink-3)]">
        <Popover.Root onOpenChange={(open) => !open && endDrag()}>
          <Popover.Trigger
            aria-label={`Pick ${label.toLowerCase()}`}
            disabled={loading}
            className={`size-4 shrink-0 overflow-hidden rounded-sm border border-[var(--line)] outline-none focus-visible:ring-2 focus-visible:ring-accent ${CHECKER}`}
          >
            <span
              aria-hidden="true"
              className="block size-full"
              style={{ background: loading ? undefined : (draft ?? computed) }}
            />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              side="left"
              align="start"
              sideOffset={8}
              aria-label={`${label} picker`}
              onKeyDown={(event: KeyboardEvent) => {
                // Escape closes the picker only; the editor's Escape (select the parent) must not run too.
                if (event.key === 'Escape') event.preventDefault()
              }}
              className="z-50 flex w-[232px] flex-col gap-2 rounded border border-[var(--line)] bg-[var(--chrome)] p-2 text-[11px] text-[var(--ink)] shadow-lg"
            >
              <span className="font-semibold">Theme colours</span>
              {families.length > 0 ? (
                <ToggleGroup.Root
                  type="single"
                  aria-label="Theme colours"
                  value={current}
                  onValueChange={(name) => {
                    const token = tokens?.colors.find((candidate) => candidate.name === name)
                    if (token) finish(token.value)
                  }}
                  className="flex max-h-40 flex-col gap-px overflow-y-auto"
                >
                  {families.map(([family, shades]) => (
                    <div key={family || 'single'} className={`flex gap-px ${family ? '' : 'pb-1'}`}>
                      {shades.map((token) => (
                        <ToggleGroup.Item
                          key={token.name}
                          value={token.name}
                          aria-label={token.name}
                          title={`${token.name}  ${token.value}`}
                          className="h-4 min-w-0 max-w-4 flex-1 rounded-[2px] border border-black/10 outline-none dark:border-white/15 ring-offset-1 ring-offset-[var(--chrome)] focus-visible:ring-2 focus-visible:ring-accent data-[state=on]:ring-2 data-[state=on]:ring-[var(--ink)]"
                          style={{ background: token.value }}
                        />
                      ))}
                    </div>
                  ))}
                </ToggleGroup.Root>
              ) : (
                <p className="text-[var(--ink-3)]">
                  {tokensState.status === 'loading'
                    ? 'Reading the theme…'
                    : tokensState.status === 'error'
                      ? tokensState.error
                      : 'The project’s theme has no colours.'}
                  {tokensState.status === 'error' ? (
                    <button
                      type="button"
                      onClick={() => session.loadDesignTokens(true)}
                      className="ml-1 rounded text-[var(--accent-ink)] underline outline-none focus-visible:ring-2 focus-visible:ring-accent"
                    >
                      Retry
                    </button>
                  ) : null}
                </p>
              )}
              {/* biome-ignore lint/a11y/noStaticElementInteractions: the picker's own sliders take the keys; this only sees their end */}
              <div
                onPointerDown={() => window.addEventListener('pointerup', endDrag, { once: true })}
                onKeyUp={endDrag}
                className="[&_.react-colorful]:h-36 [&_.react-colorful]:w-full"
              >
                <HexColorPicker
                  color={swatch?.hex ?? '#000000'}
                  onChange={(hex) => {
                    setDraft(hex)
                    edit.preview(hex)
                  }}
                />
              </div>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        <input
          type="text"
          aria-label={label}
          aria-describedby={badgeId}
          aria-invalid={invalid}
          aria-busy={loading}
          autoComplete="off"
          spellCheck={false}
          value={shown}
          placeholder={loading || !mixed ? undefined : MIXED}
          onChange={(event) => {
            setDraft(event.target.value)
            setInvalid(false)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              commitTyped()
            } else if (event.key === 'Escape') {
              event.preventDefault()
              edit.cancel()
              setDraft(null)
              setInvalid(false)
            }
          }}
          onBlur={commitTyped}
          className="h-6 min-w-0 flex-1 bg-transparent font-mono text-[11px] text-[var(--ink)] outline-none aria-invalid:text-red-600 dark:aria-invalid:text-red-400"
        />
      </div>
    </div>
  )
}
