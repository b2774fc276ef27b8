import {
  ChangeType,
  type ComponentStateAndProps,
  checkComponentStateAndProps,
  type ElementKey,
  type ElementPropsResponse,
  hasCodebaseIdPrefix,
  type PropValue,
} from 'vite-plugin-visual-edit/protocol'
import type { ServerApi } from '../api/server-api.ts'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import type { Edits } from './edits.ts'
import { reasonOf } from './failures.ts'
import type { Lookups } from './lookups.ts'
import type { Selection } from './selection.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { Toaster } from './toaster.ts'
import type { Tree } from './tree.ts'

/** The selected element's props, as the Props panel shows them. */
export interface PropsView {
  /** The element they are of; null: nothing, several things, or an element without code selected. */
  key: ElementKey | null
  status: 'none' | 'loading' | 'ready' | 'error'
  /** What the code says (the element-props endpoint): its props as written, its declared props, its file's components. */
  code: ElementPropsResponse | null
  /** Why the code could not be read. */
  error: string | null
  /** A component instance's props and state as the page has them now (inspectElement); null for an HTML element. */
  live: ComponentStateAndProps | null
  /** Why they could not be read ('Could not find component', ...). */
  liveError: string | null
  /** The write under way: a prop's name, or '<tag>' for Change tag. */
  saving: string | null
}

export interface PropsState {
  propsPanel: PropsView
}

const NONE: PropsView = {
  key: null,
  status: 'none',
  code: null,
  error: null,
  live: null,
  liveError: null,
  saving: null,
}

/** The name inspectElement looks for: the component's own (`List` of `Tabs.List`). */
const componentNameOf = (tagName: string) => tagName.split('.').at(-1) ?? tagName

/**
 * The Props panel's feature (docs/EDITOR.md, Props panel): while a panel watches, the selected
 * element's props as its code writes them (the element-props endpoint: literals, expressions, the
 * component's declared props type, the components its file can render) and, for a component, the
 * instance's live props and state (the inspector's inspectElement); read again on a new selection, when
 * the tree shows the element's props changed (a write, a hot update), and after each write. Writes are
 * CHANGE_PROP (set, add, remove) and CHANGE_TAG through the ledger, one undo step each.
 */
export class PropsEditing {
  readonly #slice: Slice<PropsState>
  readonly #store: SliceStore<unknown>
  readonly #api: Pick<ServerApi, 'elementProps'>
  readonly #bridge: Pick<InspectorBridge, 'inspect' | 'logStateAndProps'>
  readonly #edits: Pick<Edits, 'submit'>
  readonly #tree: Pick<Tree, 'nodeOf'>
  readonly #lookups: Pick<Lookups, 'state'>
  readonly #selection: Pick<Selection, 'actor' | 'keys'>
  readonly #toaster: Pick<Toaster, 'toast'>
  #watchers = 0
  #stop: (() => void) | null = null
  /** Counts reads: an answer for an earlier one (another element, an older state) is dropped. */
  #reads = 0
  /** The element's node props and lookup as the last read saw them (re-read when they change). */
  #seenNode: string | null = null
  #seenLookup: unknown = undefined

  constructor(
    store: SliceStore<unknown>,
    deps: {
      api: Pick<ServerApi, 'elementProps'>
      bridge: Pick<InspectorBridge, 'inspect' | 'logStateAndProps'>
      edits: Pick<Edits, 'submit'>
      tree: Pick<Tree, 'nodeOf'>
      lookups: Pick<Lookups, 'state'>
      selection: Pick<Selection, 'actor' | 'keys'>
      toaster: Pick<Toaster, 'toast'>
    },
  ) {
    this.#slice = store.slice<PropsState>({ propsPanel: NONE })
    this.#store = store
    this.#api = deps.api
    this.#bridge = deps.bridge
    this.#edits = deps.edits
    this.#tree = deps.tree
    this.#lookups = deps.lookups
    this.#selection = deps.selection
    this.#toaster = deps.toaster
  }

  get state(): PropsState {
    return this.#slice.state
  }

  /** A panel shows the props: they are read while one does (returns its end). */
  watch(): () => void {
    this.#watchers += 1
    if (this.#watchers === 1) {
      const selection = this.#selection.actor.subscribe(() => {
        this.#followSelection()
      })
      const store = this.#store.subscribe(() => this.#followPage())
      this.#stop = () => {
        selection.unsubscribe()
        store()
      }
    }
    // The same element as when the panel was last shown: its props may have changed meanwhile.
    if (!this.#followSelection()) this.refresh()
    return () => {
      this.#watchers -= 1
      if (this.#watchers === 0) {
        this.#stop?.()
        this.#stop = null
      }
    }
  }

  /** The one selected element with code, or null. */
  #element(): ElementKey | null {
    const keys = this.#selection.keys
    const key = keys.length === 1 ? keys[0] : undefined
    return key && hasCodebaseIdPrefix(key.codebaseId) ? key : null
  }

  /** Shows the selected element's props (read anew) when the selection changed; says whether it had. */
  #followSelection(): boolean {
    const key = this.#element()
    const shown = this.state.propsPanel.key
    if (key?.codebaseId === shown?.codebaseId && key?.uniquePath === shown?.uniquePath) return false
    if (!key) {
      this.#reads += 1
      this.#slice.set({ propsPanel: NONE })
      return true
    }
    this.#slice.set({ propsPanel: { ...NONE, key, status: 'loading' } })
    this.refresh()
    return true
  }

  /** A new tree or new lookups: read again when the element's props (tree) or its code (lookup) changed. */
  #followPage(): void {
    const key = this.state.propsPanel.key
    if (!key || this.state.propsPanel.status === 'loading') return
    const node = JSON.stringify(this.#tree.nodeOf(key)?.props ?? null)
    const lookup = this.#lookups.state.lookups.get(key.codebaseId)
    if (node !== this.#seenNode || lookup !== this.#seenLookup) this.refresh()
  }

  /** Reads the element's code and (a component's) live values again; the last values stay until the answer. */
  refresh(): void {
    const key = this.state.propsPanel.key
    if (!key) return
    const read = ++this.#reads
    this.#seenNode = JSON.stringify(this.#tree.nodeOf(key)?.props ?? null)
    this.#seenLookup = this.#lookups.state.lookups.get(key.codebaseId)
    const current = () => read === this.#reads
    this.#api.elementProps(key.codebaseId).then(
      async (code) => {
        if (!current()) return
        let live: ComponentStateAndProps | null = null
        let liveError: string | null = null
        if (code.isComponent) {
          try {
            live = checkComponentStateAndProps(
              await this.#bridge.inspect({
                componentName: componentNameOf(code.tagName),
                isComponent: true,
                tempoElementID: key.codebaseId,
              }),
            )
          } catch (error) {
            // Shown in the panel's Live values, where the user looks for them.
            liveError = reasonOf(error)
          }
        }
        if (!current()) return
        this.#slice.set({
          propsPanel: { ...this.state.propsPanel, status: 'ready', code, error: null, live, liveError },
        })
      },
      (error: unknown) => {
        if (!current()) return
        this.#slice.set({ propsPanel: { ...this.state.propsPanel, status: 'error', error: reasonOf(error) } })
      },
    )
  }

  /** Sets a literal prop (CHANGE_PROP); true when written. */
  setProp(name: string, value: PropValue): Promise<boolean> {
    return this.#write(name, 'Change prop', { propName: name, propValue: value })
  }

  /** Adds a literal prop the element does not have yet (CHANGE_PROP). */
  addProp(name: string, value: PropValue): Promise<boolean> {
    return this.#write(name, 'Add prop', { propName: name, propValue: value })
  }

  /** Removes a literal prop from the element (CHANGE_PROP with `removeProp`). */
  removeProp(name: string): Promise<boolean> {
    return this.#write(name, 'Remove prop', { propName: name, propValue: null, removeProp: true })
  }

  /** Renames the element's tag (CHANGE_TAG): an HTML tag or a component of its file. */
  changeTag(newTagName: string): Promise<boolean> {
    const key = this.state.propsPanel.key
    if (!key) return Promise.resolve(false)
    return this.#saving(`<${newTagName}>`, () =>
      this.#edits.submit('Change tag', {
        type: ChangeType.CHANGE_TAG,
        changeFields: { codebaseIdToChange: key.codebaseId, newTagName },
      }),
    )
  }

  /**
   * 'Log state and props': the page logs every mounted instance of the selected component in the
   * console (GET_STATE_AND_PROPS); a toast says where to look.
   */
  logStateAndProps(): void {
    const code = this.state.propsPanel.code
    if (!code?.isComponent) return
    const name = componentNameOf(code.tagName)
    if (this.#bridge.logStateAndProps(name))
      this.#toaster.toast({
        kind: 'info',
        title: `Logged the state and props of every ${name} in the console.`,
        detail: "Open the browser's developer tools; the app frame's console has them.",
      })
    else
      this.#toaster.toast({
        kind: 'error',
        title: `Could not log ${name}'s state and props: the app is not connected.`,
        detail: 'Wait until the status bar says Connected, then try again.',
      })
  }

  #write(
    name: string,
    action: string,
    fields: { propName: string; propValue: PropValue; removeProp?: boolean },
  ): Promise<boolean> {
    const key = this.state.propsPanel.key
    if (!key) return Promise.resolve(false)
    return this.#saving(name, () =>
      this.#edits.submit(action, {
        type: ChangeType.CHANGE_PROP,
        changeFields: { codebaseIdToChange: key.codebaseId, ...fields },
      }),
    )
  }

  async #saving(what: string, submit: () => Promise<{ ok: boolean }>): Promise<boolean> {
    this.#slice.set({ propsPanel: { ...this.state.propsPanel, saving: what } })
    const outcome = await submit()
    this.#slice.set({ propsPanel: { ...this.state.propsPanel, saving: null } })
    // The code changed (or was refused because it had): the panel reads what it says now.
    this.refresh()
    return outcome.ok
  }
}
