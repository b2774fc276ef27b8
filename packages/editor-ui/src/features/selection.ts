import { type ElementKey, elementKeysEqual } from 'vite-plugin-visual-edit/protocol'
import { type Actor, createActor } from 'xstate'
import { selectionMachine } from '../machines/selection.machine.ts'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import { logFailure } from './failures.ts'
import type { Lookups } from './lookups.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { Tree } from './tree.ts'

export interface SelectionMenuState {
  /** Where the selection's context menu opens (editor coordinates); null when closed. */
  contextMenu: { x: number; y: number } | null
}

/**
 * The selection (docs/EDITOR.md, Selection): the selection machine holds the hovered and selected keys
 * and whether the editor is in drive mode; this keeps the app's page in step with it, takes the page's
 * clicks and hovers (SELECTED_ELEMENT_KEY, MULTI_SELECTED_ELEMENT_KEYS, HOVERED_ELEMENT_KEY), and holds
 * the selection's context menu.
 */
export class Selection {
  readonly actor: Actor<typeof selectionMachine>
  readonly #slice: Slice<SelectionMenuState>
  readonly #bridge: InspectorBridge

  constructor(store: SliceStore<unknown>, deps: { bridge: InspectorBridge; tree: Tree; lookups: Lookups }) {
    this.#slice = store.slice<SelectionMenuState>({ contextMenu: null })
    this.#bridge = deps.bridge
    this.actor = createActor(selectionMachine, {
      input: { areSiblings: (a, b) => deps.tree.areSiblings(a, b) },
    }).start()
    // A newly selected element's lookup is asked again: the panel shows its code as it is now.
    let primary: string | undefined
    this.actor.subscribe((snapshot) => {
      const id = snapshot.context.selected[0]?.codebaseId
      if (id === primary) return
      primary = id
      if (id) deps.lookups.ask([id])
    })
  }

  get state(): SelectionMenuState {
    return this.#slice.state
  }

  get keys(): ElementKey[] {
    return this.actor.getSnapshot().context.selected
  }

  /** Drive mode: the app is used as is, and nothing is selected (the selection machine's `drive`). */
  get driving(): boolean {
    return this.actor.getSnapshot().matches('drive')
  }

  async select(key: ElementKey | null): Promise<void> {
    if (key === null) this.actor.send({ type: 'CLEAR' })
    else this.actor.send({ type: 'SELECT', key })
    await this.#bridge
      .call('setSelectedElement', key)
      .catch(logFailure("The app's page did not show the selection (a reconnection restores it)"))
  }

  /** Shift-click: adds or removes a sibling of the selection; the machine refuses anything else. */
  async toggle(key: ElementKey): Promise<void> {
    this.actor.send({ type: 'TOGGLE', key })
    const selected = this.keys
    const call =
      selected.length > 1
        ? this.#bridge.call('setMultiselectedElementKeys', selected)
        : this.#bridge.call('setSelectedElement', selected[0] ?? null)
    await call.catch(logFailure("The app's page did not show the selection (a reconnection restores it)"))
  }

  hover(key: ElementKey | null): void {
    this.actor.send({ type: 'HOVER', key })
    this.#bridge.call('setHoveredElement', key).catch(logFailure("The app's page did not show the hover"))
  }

  /** SELECTED_ELEMENT_KEY: a click in the frame. */
  selectedInFrame(key: ElementKey | null): void {
    const current = this.keys
    if (key === null) this.actor.send({ type: 'CLEAR' })
    else if (!(current.length === 1 && elementKeysEqual(current[0], key)))
      this.actor.send({ type: 'SELECT', key })
  }

  /** MULTI_SELECTED_ELEMENT_KEYS: shift-clicks in the frame. */
  multiSelectedInFrame(keys: readonly ElementKey[]): void {
    // The page checked the siblings in the page as it is (the editor's tree may be a build behind).
    if (keys.length > 0) this.actor.send({ type: 'ADOPT', keys })
  }

  /** HOVERED_ELEMENT_KEY. */
  hoveredInFrame(key: ElementKey | null): void {
    this.actor.send({ type: 'HOVER', key })
  }

  /**
   * CONTEXT_MENU: a right-click in the frame opens the menu `at` (editor coordinates) for the
   * selection; on an element outside it, that element is selected first. One inside a
   * multi-selection keeps it, as design tools do, so the menu's actions reach every selected one.
   */
  menuInFrame(key: ElementKey | null, at: { x: number; y: number }): void {
    if (this.driving) return
    if (key && !this.keys.some((selected) => elementKeysEqual(selected, key))) void this.select(key)
    this.openContextMenu(at.x, at.y)
  }

  openContextMenu(x: number, y: number): void {
    this.#slice.set({ contextMenu: { x, y } })
  }

  closeContextMenu(): void {
    this.#slice.set({ contextMenu: null })
  }

  /** Edit or drive mode: the machine clears the selection for drive mode, and the page follows. */
  async setDrive(drive: boolean): Promise<void> {
    this.actor.send({ type: drive ? 'DRIVE' : 'EDIT' })
    await this.#bridge
      .call(drive ? 'enableDriveMode' : 'disableDriveMode')
      .catch(
        logFailure(`The app's page did not switch to ${drive ? 'drive' : 'edit'} mode (a reconnection does)`),
      )
  }

  /**
   * An edit renamed codebase ids (`prevIdToNewIdMap`): the selection follows its elements, here and in
   * the page. The page renames first: a selection chosen in the code the edit's hot update brought
   * (its answer can come later than the update) names the new ids already and is kept as it is.
   */
  async remapped(map: Readonly<Record<string, string>>): Promise<void> {
    const answer = await this.#bridge.call('updateCodebaseIds', map).catch((error: unknown) => {
      logFailure("The app's page did not rename the ids an edit changed (its next tree has them)")(error)
      return null
    })
    // The answer comes from the app's frame: only a plain `false` keeps the selection's ids.
    const kept =
      typeof answer === 'object' && answer !== null && Reflect.get(answer, 'selectionRenamed') === false
    this.actor.send({ type: 'REMAP', map, selection: !kept })
  }

  /** How a request names `codebaseId`: with the selected key that has it (its page element), else the id alone. */
  refOf(codebaseId: string): { codebaseId: string; storyboardId?: string; uniquePath?: string } {
    return this.keys.find((selected) => selected.codebaseId === codebaseId) ?? { codebaseId }
  }
}
