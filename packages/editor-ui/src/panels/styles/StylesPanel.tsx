/**
 * The Styles panel (docs/EDITOR.md, Styles panel): the selected element's classes as chips, its styles
 * as controls grouped as designers expect, where each value comes from, and the scope its edits target.
 *
 * Accessible names, stable for tests (Playwright's getByRole):
 *   region 'Styles'                                   the panel (tab 'Styles' beside 'Element')
 *   combobox 'State'    radiogroup 'Breakpoint' (radios 'Base', 'sm', 'md', 'lg', 'xl', '2xl')    button 'Dark' (aria-pressed)
 *   list 'Classes' (buttons 'Remove class <name>')    combobox 'Add class' (options: the suggestions)
 *   region per section: 'Layout', 'Spacing', 'Size', 'Position', 'Typography', 'Background', 'Border',
 *     'Effects', 'Rules (<n>)'; its heading button toggles it (aria-expanded)
 *   combobox 'Display', 'Wrap', 'Justify', 'Align' (items), 'Position', 'Font', 'Weight',
 *     'Border style', 'Shadow'; radio groups 'Direction', 'Text align', 'Decoration'
 *   spinbutton 'Gap' (or 'Row gap' and 'Column gap'), 'Grid columns', 'All margins', 'All padding',
 *     'Margin top|right|bottom|left',
 *     'Padding top|right|bottom|left', 'Width', 'Height', 'Min width', 'Min height', 'Max width',
 *     'Max height', 'Top', 'Right', 'Bottom', 'Left', 'Z-index', 'Font size', 'Line height', 'Letter spacing',
 *     'Border width', 'Radius', 'Radius top left|top right|bottom left|bottom right', 'Opacity'
 *     (each number's unit: combobox '<name> unit')
 *   textbox 'Text colour', 'Background colour', 'Border colour' (button 'Pick <name>' opens the
 *     picker: radiogroup 'Theme colours', a radio per theme colour by name, then the sliders), 'Image'
 *   group 'Margin' and 'Padding' (the box model), output 'Size'; list 'CSS rules'
 *   group 'Style controls' (every section): aria-busy while the element's values are read (after
 *     BUSY_AFTER_MS; until then the last element's show), data-codebase-id and data-unique-path: the
 *     element whose values it shows
 * A multi-selection is styled as one: the values all share are shown, 'Mixed' (an empty field) where
 * they differ; every change is written
 * to each element (where its own styles come from), one undo step; the chips are the classes all share.
 * Numbers: Enter or blur writes, ArrowUp/Down (Shift x10, Alt /10) preview while held and write on
 * release, dragging a label scrubs (written on release), Escape takes a preview back; a field emptied
 * and Enter removes the value where it is written (its class, rule declaration or style key).
 */
import { useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { type ElementKey, hasCodebaseIdPrefix } from 'vite-plugin-visual-edit/protocol'
import { elementStyling, styleTargets } from '../../features/style-source.ts'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { BackgroundSection } from './BackgroundSection.tsx'
import { BorderSection } from './BorderSection.tsx'
import { ClassChips } from './ClassChips.tsx'
import { EffectsSection } from './EffectsSection.tsx'
import { LayoutSection } from './LayoutSection.tsx'
import { PositionSection } from './PositionSection.tsx'
import { RulesList } from './RulesList.tsx'
import { ScopeBar } from './ScopeBar.tsx'
import { SizeSection } from './SizeSection.tsx'
import { SpacingSection } from './SpacingSection.tsx'
import { StylesContext, type StylesContextValue } from './styles-context.ts'
import { TypographySection } from './TypographySection.tsx'

const NOTHING_MIXED: ReadonlySet<string> = new Set()

function Empty({ children }: { children: string }) {
  return <p className="m-0 px-3 py-2 text-[12px] text-[var(--ink-3)]">{children}</p>
}

export function StylesPanel() {
  const session = useSession()
  const selected = useSelector(session.selection, (snapshot) => snapshot.context.selected)
  // The panel reads the element's styles while it is shown.
  useEffect(() => session.watchStyles(), [session])
  const targets = useMemo(() => styleTargets(selected), [selected])
  return (
    <section aria-label="Styles" className="flex h-full flex-col bg-[var(--chrome)]">
      <ScopeBar />
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {selected.length === 0 ? (
          <Empty>Select an element to style it.</Empty>
        ) : targets.length === 0 ? (
          <Empty>
            {selected.length === 1
              ? 'This element has no counterpart in the code (a library rendered it): style it where it is used.'
              : 'None of these elements has a counterpart in the code (a library rendered them): style them where they are used.'}
          </Empty>
        ) : (
          <>
            {selected.length > 1 ? (
              <MultiNote
                targets={targets.length}
                withoutCode={selected.filter((key) => !hasCodebaseIdPrefix(key.codebaseId)).length}
              />
            ) : null}
            <ElementStyles targets={targets} />
          </>
        )}
      </div>
    </section>
  )
}

/** What a multi-selection's edits do, said once above its controls. */
function MultiNote({ targets, withoutCode }: { targets: number; withoutCode: number }) {
  return (
    <p
      role="status"
      className="m-0 border-b border-[var(--line)] px-3 py-1.5 text-[11px] text-[var(--ink-2)]"
    >
      {targets > 1
        ? `${targets} elements: a change is written to each, one undo step. 'Mixed' where their values differ.`
        : 'These are one element in the code: a change is written to it.'}
      {withoutCode > 0
        ? ` ${withoutCode} without code (a library rendered ${withoutCode > 1 ? 'them' : 'it'}) ${withoutCode > 1 ? 'are' : 'is'} left as ${withoutCode > 1 ? 'they are' : 'it is'}.`
        : ''}
    </p>
  )
}

function ElementStyles({ targets }: { targets: readonly ElementKey[] }) {
  const session = useSession()
  const view = useEditorState((state) => state.styles)
  const lookups = useEditorState((state) => state.lookups)
  const framework = useEditorState((state) => state.stylingFramework)
  const nodes = useEditorState((state) => state.nodes)
  const tokens = useEditorState((state) => state.designTokens.tokens)
  const mixed = useEditorState((state) => state.mixedStyles)
  // Until the others' values are compared with these, the controls wait (no first-only value flashes).
  const comparing = targets.length > 1 && mixed.of !== view.evals
  const key = view.key
  const lookup = key ? lookups.get(key.codebaseId) : undefined
  // A multi-selection's chips: the classes every element has; its classes are editable if each one's are.
  const shared = useMemo(() => {
    if (targets.length < 2) return undefined
    const lists = targets.map((target) => lookups.get(target.codebaseId)?.classes ?? [])
    return (lists[0] ?? []).filter((className) => lists.every((list) => list.includes(className)))
  }, [targets, lookups])
  const editable = targets.every((target) => lookups.get(target.codebaseId)?.classesEditable ?? true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tree is a new node for the key
  const node = useMemo(() => session.nodeOf(key), [session, key, nodes])
  const value = useMemo<StylesContextValue>(
    () => ({
      evals: view.evals,
      styling: elementStyling({ projectFramework: framework, lookup, node, rules: view.rules }),
      tokens,
      loading: view.status === 'loading' || view.status === 'none' || comparing,
      mixed: targets.length > 1 ? mixed.properties : NOTHING_MIXED,
    }),
    [view, framework, lookup, node, tokens, comparing, mixed, targets.length],
  )
  return (
    <StylesContext.Provider value={value}>
      <ClassChips editable={editable} {...(shared ? { shared } : {})} />
      {view.status === 'error' ? (
        <div
          role="alert"
          className="mx-3 mb-2 flex items-start gap-2 rounded border border-red-300 px-2 py-1.5 text-[11px] text-red-700 dark:border-red-800 dark:text-red-300"
        >
          <span className="flex-1">Could not read this element’s styles: {view.error}</span>
          <button
            type="button"
            onClick={() => session.refreshStyles()}
            className="rounded px-1 font-medium underline outline-none focus-visible:ring-2 focus-visible:ring-accent"
          >
            Retry
          </button>
        </div>
      ) : null}
      <fieldset
        aria-label="Style controls"
        aria-busy={value.loading}
        data-codebase-id={key?.codebaseId}
        data-unique-path={key?.uniquePath}
        className="m-0 min-w-0 border-0 p-0"
      >
        <LayoutSection />
        <SpacingSection />
        <SizeSection />
        <PositionSection />
        <TypographySection />
        <BackgroundSection />
        <BorderSection />
        <EffectsSection />
        <RulesList />
      </fieldset>
    </StylesContext.Provider>
  )
}
