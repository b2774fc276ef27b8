import {
  ChangeType,
  type CssEvalsPayload,
  checkInstantUpdateReply,
  checkOutboundEvent,
  type ElementKey,
  elementKeysEqual,
  type InstantChangeItem,
  OutboundEvent,
  type ProcessedCssRule,
  StylingFramework,
} from 'vite-plugin-visual-edit/protocol'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import type { Edits } from './edits.ts'
import { logFailure, reasonOf } from './failures.ts'
import { GeneratedClasses, type GeneratedClassesLookup } from './generated-classes.ts'
import type { Lookups } from './lookups.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { StyleScoping } from './style-scope.ts'
import {
  type ElementStyling,
  elementStyling,
  overridingBreakpoint,
  styleTargets,
  writeTargetFor,
} from './style-source.ts'
import type { Toaster } from './toaster.ts'
import type { Tree } from './tree.ts'

/** The selected element's styles as the inspector reports them. */
export interface StylesView {
  /** The element they are of; null: nothing (or several things) selected. */
  key: ElementKey | null
  status: 'none' | 'loading' | 'ready' | 'error'
  /** getCssEvals: its computed values (~70 properties), its parent's layout. */
  evals: CssEvalsPayload | null
  /** processRulesForSelectedElement: its rules, applied or not, and the inherited ones. */
  rules: readonly ProcessedCssRule[]
  /** Why the last read failed. */
  error: string | null
}

export interface StylesState {
  styles: StylesView
}

const NONE: StylesView = { key: null, status: 'none', evals: null, rules: [], error: null }

/**
 * How long the panel keeps the last element's values, not busy, while another's are read: a read
 * answered sooner shows in one render of the panel's ~400 controls, not two (loading, then ready).
 */
export const BUSY_AFTER_MS = 150

/** STYLING's fields, as the ledger and the instant updates take them. */
type StylingFields = Extract<InstantChangeItem, { type: 'STYLING' }>['changeFields']

/** What a gesture shows of one element: under one instant-update id that each move replaces. */
interface Shown {
  id: string
  fields: StylingFields
}

/**
 * A gesture under way (a scrub, a slider drag, a held arrow key): what the page shows of it on each
 * element it styles, until its end writes one change per element, one undo step.
 */
interface Gesture {
  /** The elements it styles (their codebase ids, in order): another selection is another gesture. */
  of: string
  shown: Map<string, Shown>
  /** Its target was refused (and the user told once). */
  refused: boolean
}

const sameFields = (a: StylingFields | null, b: StylingFields | null) =>
  a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b)

/**
 * The Styles panel's feature (docs/EDITOR.md, Styles panel): the selected element's computed values and
 * rules, read from the inspector while a panel watches them (after a selection, a new tree, a scope
 * change), and style edits written as STYLING changes through the ledger, each to where its value comes
 * from (`writeTargetFor`: Tailwind, Inline or the CSS rule) under the scope's modifiers. A gesture
 * previews through instant updates under one id, each move replacing the last, and writes once at its
 * end: one change, one undo step.
 */
export class Styles {
  readonly #slice: Slice<StylesState>
  readonly #bridge: Pick<InspectorBridge, 'call'>
  readonly #edits: Pick<Edits, 'submit'>
  readonly #lookups: Pick<Lookups, 'state'>
  readonly #tree: Pick<Tree, 'nodeOf'>
  readonly #scope: StyleScoping
  readonly #toaster: Toaster
  readonly #selected: () => readonly ElementKey[]
  readonly #afterPaint: (run: () => void) => void
  #watchers = 0
  #inFlight = false
  #again = false
  #gesture: Gesture | null = null
  /** The element of the read under way. */
  #readOf: ElementKey | null = null
  /** The read under way. */
  #current: Promise<void> = Promise.resolve()
  /** The selected element's node as the last tree had it (treeChanged). */
  #treeSignature: string | null = null
  /** The rules of a multi-selection's other elements (where their edits are written), by codebase id. */
  #otherRules = new Map<string, readonly ProcessedCssRule[]>()

  constructor(
    store: SliceStore<unknown>,
    deps: {
      bridge: Pick<InspectorBridge, 'call'>
      edits: Pick<Edits, 'submit'>
      lookups: Pick<Lookups, 'state'>
      tree: Pick<Tree, 'nodeOf'>
      scope: StyleScoping
      toaster: Toaster
      selected: () => readonly ElementKey[]
      /** Runs after the frame has laid out at a new width (a breakpoint); by default after two animation frames. */
      afterPaint?: (run: () => void) => void
      /**
       * Which of these classes the project's Tailwind generates (class-css). Tailwind 3 compiles its
       * utilities into the project's own stylesheet, so the page cannot tell them from its rules.
       */
      generatedClasses?: GeneratedClassesLookup
    },
  ) {
    this.#slice = store.slice<StylesState>({ styles: NONE })
    this.#bridge = deps.bridge
    this.#edits = deps.edits
    this.#lookups = deps.lookups
    this.#tree = deps.tree
    this.#scope = deps.scope
    this.#toaster = deps.toaster
    this.#selected = deps.selected
    this.#afterPaint =
      deps.afterPaint ?? ((run) => requestAnimationFrame(() => requestAnimationFrame(() => run())))
    this.#generated = deps.generatedClasses ? new GeneratedClasses(deps.generatedClasses) : null
  }

  readonly #generated: GeneratedClasses | null

  /** The rules with those a Tailwind project generates marked not editable (GeneratedClasses). */
  #withGenerated(rules: ProcessedCssRule[]): Promise<ProcessedCssRule[]> | ProcessedCssRule[] {
    if (!this.#generated || this.#lookups.state.stylingFramework !== StylingFramework.TAILWIND) return rules
    return this.#generated.mark(rules)
  }

  get state(): StylesState {
    return this.#slice.state
  }

  /** A panel shows the styles: they are read while one does (returns its end). */
  watch(): () => void {
    this.#watchers += 1
    this.refresh()
    return () => {
      this.#watchers -= 1
    }
  }

  /** The selected elements the panel styles (styleTargets). */
  targets(): ElementKey[] {
    return styleTargets(this.#selected())
  }

  /** The element whose values the panel shows: the first selected one with code. */
  #element(): ElementKey | null {
    return this.targets()[0] ?? null
  }

  /** The rules of a multi-selection's other elements (their edits are written where their own styles are). */
  async #readOtherRules(others: readonly ElementKey[]): Promise<void> {
    const read = await Promise.all(
      others.map(async (key) => {
        const reply = checkOutboundEvent(
          OutboundEvent.PROCESSED_CSS_RULES,
          await this.#bridge.call('processRulesForSelectedElement', key),
        )
        if ('problem' in reply)
          throw new Error(`The app's frame answered the rules wrongly: ${reply.problem}`)
        return [key.codebaseId, await this.#withGenerated(reply.payload as ProcessedCssRule[])] as const
      }),
    )
    this.#otherRules = new Map(read)
  }

  /**
   * Reads the element's computed values and rules again (one read at a time; a request meanwhile
   * reads once more after it). Another element shows 'loading' until its answer (after BUSY_AFTER_MS:
   * a faster answer replaces the last element's values at once); the same element
   * keeps its values meanwhile, so nothing jumps.
   */
  refresh(): void {
    // During a gesture each preview changes the page (and brings a tree): its end reads once.
    if (this.#watchers === 0 || this.#gesture !== null) return
    const key = this.#element()
    const now = this.state.styles
    if (!key) {
      if (now !== NONE) this.#slice.set({ styles: NONE })
      return
    }
    // Another element: the last one's values stay until its own come, so the panel keeps its rows
    // (the controls show none meanwhile, and no edit is written before its rules are read).
    if (!elementKeysEqual(now.key, key)) {
      const loading = () => {
        const shown = this.state.styles
        if (!elementKeysEqual(shown.key, key) && elementKeysEqual(this.#element(), key))
          this.#slice.set({
            styles: { key, status: 'loading', evals: shown.evals, rules: shown.rules, error: null },
          })
      }
      if (now.key === null) loading()
      else setTimeout(loading, BUSY_AFTER_MS)
    }
    if (this.#inFlight) {
      this.#again = true
      return
    }
    this.#inFlight = true
    this.#readOf = key
    const others = this.targets().slice(1)
    this.#current = Promise.all([
      this.#bridge.call('getCssEvals', key),
      this.#bridge.call('processRulesForSelectedElement', key),
      this.#readOtherRules(others),
    ])
      .then(async ([evalsReply, rulesReply]) => {
        const evals = checkOutboundEvent(OutboundEvent.CSS_EVALS, evalsReply)
        const rules = checkOutboundEvent(OutboundEvent.PROCESSED_CSS_RULES, rulesReply)
        if ('problem' in evals)
          throw new Error(`The app's frame answered getCssEvals wrongly: ${evals.problem}`)
        if ('problem' in rules)
          throw new Error(`The app's frame answered the rules wrongly: ${rules.problem}`)
        if (!elementKeysEqual(this.#element(), key)) return
        const payload = evals.payload as CssEvalsPayload | null
        if (payload === null) throw new Error('The element is no longer in the page')
        const list = await this.#withGenerated(rules.payload as ProcessedCssRule[])
        if (!elementKeysEqual(this.#element(), key)) return
        this.#slice.set({ styles: { key, status: 'ready', evals: payload, rules: list, error: null } })
      })
      .catch((error: unknown) => {
        logFailure("The selected element's styles could not be read")(error)
        if (!elementKeysEqual(this.#element(), key)) return
        this.#slice.set({ styles: { ...this.state.styles, key, status: 'error', error: reasonOf(error) } })
      })
      .finally(() => {
        this.#inFlight = false
        if (this.#again) {
          this.#again = false
          this.refresh()
        }
      })
  }

  /**
   * The element's values are being read (shown as 'loading', or the last element's still shown); with
   * no panel watching ('none') nothing is read, and edits go by the element's classes alone.
   */
  #reading(): boolean {
    const { status, key } = this.state.styles
    return status === 'loading' || (status !== 'none' && !elementKeysEqual(key, this.#element()))
  }

  /** Once no read is under way (one asked during a read runs after it). */
  async #settled(): Promise<void> {
    while (this.#inFlight) await this.#current
  }

  /**
   * NAV_TREE: the page may have changed (an edit written, a hot update, a preview). Only a change of
   * the element's node (its classes, props or box) is taken as one: a tree comes after every lookup
   * of the selection too, with nothing changed, and reading the rules again for it would cost the
   * page a pass over its stylesheets each time.
   */
  treeChanged(): void {
    const key = this.#element()
    const node = key ? this.#tree.nodeOf(key) : undefined
    const signature = node ? JSON.stringify([key, node.classList, node.props, node.pageBoundingBox]) : null
    if (signature === this.#treeSignature) return
    this.#treeSignature = signature
    if (key) this.#scope.pageChanged(node?.classList)
    this.refresh()
  }

  /** The frame's width changed (a breakpoint): its media queries hold differently once it is laid out. */
  widthChanged(): void {
    this.#afterPaint(() => this.refresh())
  }

  /** The element's styling as the writes read it (null: nothing to style). */
  styling(key: ElementKey | null = this.#element()): ElementStyling | null {
    if (!key) return null
    const rules = elementKeysEqual(this.state.styles.key, key)
      ? this.state.styles.rules
      : (this.#otherRules.get(key.codebaseId) ?? [])
    return elementStyling({
      projectFramework: this.#lookups.state.stylingFramework,
      lookup: this.#lookups.state.lookups.get(key.codebaseId),
      node: this.#tree.nodeOf(key),
      rules,
    })
  }

  /** STYLING's fields for `changes` on the selected element, or why they cannot be written. */
  #fields(key: ElementKey, changes: Readonly<Record<string, string>>): StylingFields | { refused: string } {
    const styling = this.styling(key)
    const property = Object.keys(changes)[0]
    if (!styling || property === undefined) return { refused: 'Nothing to change.' }
    const modifiers = this.#scope.modifiers
    const target = writeTargetFor(property, styling, modifiers)
    if ('refused' in target) return target
    return {
      codebaseId: key.codebaseId,
      stylingChanges: { ...changes },
      stylingFramework: target.framework,
      modifiers,
      ...(target.framework === StylingFramework.CSS ? { customProperties: target.customProperties } : {}),
    }
  }

  #refused(reason: string): void {
    this.#toaster.toast({ kind: 'error', title: 'This style cannot be written here.', detail: reason })
  }

  /**
   * A move of a gesture (a scrub, a drag, a held arrow key): the page shows `changes` at once on each
   * element styled, under the gesture's instant-update id for it (the inspector replaces what that id
   * showed); nothing is written. An element whose value cannot be written here is left as it is.
   */
  previewStyle(changes: Readonly<Record<string, string>>): void {
    const keys = this.targets()
    if (keys.length === 0) return
    const of = keys.map((key) => key.codebaseId).join(' ')
    let gesture = this.#gesture
    if (!gesture || gesture.of !== of) {
      if (gesture) this.#takeBack(gesture)
      gesture = { of, shown: new Map(), refused: false }
      this.#gesture = gesture
    }
    const targets = this.#fieldsOf(keys, changes)
    if ('refused' in targets) {
      if (!gesture.refused) this.#refused(targets.refused)
      gesture.refused = true
      return
    }
    if (this.#reading()) return
    for (const fields of targets.fields) {
      const before = gesture.shown.get(fields.codebaseId)
      if (before && sameFields(before.fields, fields)) continue
      const id = before?.id ?? crypto.randomUUID()
      gesture.shown.set(fields.codebaseId, { id, fields })
      this.#bridge
        .call('applyChangeItemToDocument', { id, type: ChangeType.STYLING, changeFields: fields })
        .then(checkInstantUpdateReply)
        .then((reply) => {
          if (!reply.success) logFailure("The app's page did not preview the style")(reply.error)
        }, logFailure("The app's page did not preview the style"))
    }
    // A forced state's rules are copied when it is forced: again, so the preview's :hover rule shows.
    if (this.#scope.state.styleScope.state) void this.#scope.forceState()
  }

  /**
   * STYLING's fields for each element (the first one's refusal refuses them all; another's leaves it
   * out, said in `skipped`).
   */
  #fieldsOf(
    keys: readonly ElementKey[],
    changes: Readonly<Record<string, string>>,
  ): { fields: StylingFields[]; skipped: string[] } | { refused: string } {
    const fields: StylingFields[] = []
    const skipped: string[] = []
    for (const [index, key] of keys.entries()) {
      const one = this.#fields(key, changes)
      if ('refused' in one) {
        if (index === 0) return one
        skipped.push(one.refused)
      } else fields.push(one)
    }
    return { fields, skipped }
  }

  /**
   * Writes `changes` as one STYLING change per element styled (the end of a gesture, Enter in a field),
   * one undo step. Where the gesture's last preview of an element is exactly its change, the ledger
   * takes it as already shown (no second instant update, no flash); otherwise that preview is taken
   * back first. Resolves whether it was written.
   */
  async commitStyle(changes: Readonly<Record<string, string>>): Promise<boolean> {
    // A typed value shows as a one-move gesture: its instant update is posted now, before the ledger's
    // state changes make the editor redraw (which the page's frame would otherwise wait behind).
    if (this.#gesture === null && this.state.styles.status === 'ready') this.previewStyle(changes)
    const gesture = this.#gesture
    this.#gesture = null
    // Where a value is written depends on the element's rules: an edit made while they are read waits for them.
    if (this.#reading()) {
      // A read of this element under way is waited for; otherwise one is asked.
      if (!(this.#inFlight && elementKeysEqual(this.#readOf, this.#element()))) this.refresh()
      await this.#settled()
    }
    const keys = this.targets()
    const key = keys[0]
    if (!key) {
      if (gesture) this.#takeBack(gesture)
      return false
    }
    const targets = this.#fieldsOf(keys, changes)
    if ('refused' in targets) {
      if (gesture) this.#takeBack(gesture)
      if (!gesture?.refused) this.#refused(targets.refused)
      return false
    }
    if (gesture) {
      // What the gesture showed that is not what is written now goes back first.
      const written = new Map(targets.fields.map((fields) => [fields.codebaseId, fields]))
      for (const [codebaseId, shown] of gesture.shown)
        if (!sameFields(shown.fields, written.get(codebaseId) ?? null)) {
          this.#takeBackShown(shown)
          gesture.shown.delete(codebaseId)
        }
    }
    const styling = this.styling(key)
    const property = Object.keys(changes)[0]
    const overriding =
      styling && property !== undefined
        ? overridingBreakpoint(property, styling, this.#scope.state.styleScope.breakpoint)
        : null
    const step = targets.fields.length > 1 ? crypto.randomUUID() : undefined
    const submitted = targets.fields.map((fields) => {
      const shown = gesture?.shown.get(fields.codebaseId)
      return this.#edits.submit(
        keys.length > 1 ? `Change style of ${keys.length} elements` : 'Change style',
        { type: ChangeType.STYLING, changeFields: fields },
        { ...(shown ? { instantShownAs: shown.id } : {}), ...(step ? { step } : {}) },
      )
    })
    // The instant update is posted before this read: the values shown are the new ones. The read (a
    // pass over the page's stylesheets) waits until the page has painted the update.
    if (this.#scope.state.styleScope.state) void this.#scope.forceState()
    this.#afterPaint(() => this.refresh())
    if (targets.skipped.length > 0)
      this.#toaster.toast({
        kind: 'info',
        title: `${targets.skipped.length} of ${keys.length} elements kept their style.`,
        detail: [...new Set(targets.skipped)].join(' '),
      })
    const ok = (await Promise.all(submitted)).every((outcome) => outcome.ok)
    if (ok && overriding) this.#toaster.toast({ kind: 'info', ...overriding })
    return ok
  }

  /** Escape during a gesture, or a gesture that ended where it began: the preview goes, nothing is written. */
  cancelStyle(): void {
    const gesture = this.#gesture
    this.#gesture = null
    if (gesture) this.#takeBack(gesture)
    this.refresh()
  }

  /** Takes back what a gesture showed, exactly (an UNDO of each of its ids, never written). */
  #takeBack(gesture: Gesture): void {
    for (const shown of gesture.shown.values()) this.#takeBackShown(shown)
  }

  #takeBackShown(shown: Shown): void {
    this.#bridge
      .call('applyChangeItemToDocument', {
        id: crypto.randomUUID(),
        type: ChangeType.UNDO,
        changeFields: {
          changeToUndo: { id: shown.id, type: ChangeType.STYLING, changeFields: shown.fields },
          matchingActivityFlushed: false,
        },
      })
      .then(checkInstantUpdateReply)
      .then((reply) => {
        if (!reply.success)
          logFailure("The app's page kept a style preview (a reload clears it)")(reply.error)
      }, logFailure("The app's page kept a style preview (a reload clears it)"))
  }
}
