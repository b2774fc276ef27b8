import { ChangeType, type ElementKey, type ProjectComponent } from 'vite-plugin-visual-edit/protocol'
import type { ServerApi } from '../api/server-api.ts'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import type { Edits } from './edits.ts'
import { reasonOf } from './failures.ts'
import { hasRequiredProps, type InsertItem, instantHtmlOf, placeholderProps } from './insert-catalog.ts'
import { InsertDrag, type InsertDragView, type LayersTarget } from './insert-drag.ts'
import { type CodeParentOf, clickPlacement, type InsertPlacement } from './insert-target.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { Toaster } from './toaster.ts'
import type { Tree } from './tree.ts'

/** The Insert panel's state. */
export interface InsertView {
  components: readonly ProjectComponent[]
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: string | null
  /** What the search field holds (kept while the panel gives way to the layers during a drag). */
  query: string
  /** Where a click puts the new element: after the selected one, or inside it. */
  placeMode: 'after' | 'inside'
  /** The drag under way from the panel, where it would drop. */
  drag: InsertDragView | null
  /** Counts up when the Props tab should open on the element just inserted (its required props). */
  propsRequest: number
}

export interface InsertState {
  insert: InsertView
}

/** How long the new element is waited for in the page's tree before it is selected (a reload takes longer). */
const SELECT_NEW_WITHIN_MS = 15_000

/**
 * The Insert panel's feature (docs/EDITOR.md, Insert panel): the project's components (the gated
 * components endpoint), and inserting an HTML element or a component by a click (after the selection
 * or inside it) or a drag (insert-drag.ts: onto the canvas or a layer). Each insert is one ADD_JSX
 * through the ledger, shown at once in the page (a component as a labelled box until its code
 * reloads); a component is imported by the server once, and gets a typed placeholder for each required
 * prop. The new element is then selected, and for such a component the Props tab opens on it.
 */
export class Inserting {
  readonly #slice: Slice<InsertState>
  readonly #api: ServerApi
  readonly #edits: Pick<Edits, 'submit'>
  readonly #tree: Tree
  readonly #toaster: Toaster
  readonly #select: (key: ElementKey) => Promise<void>
  readonly #selected: () => readonly ElementKey[]
  readonly #codeParentOf: CodeParentOf
  readonly #subscribe: (listener: () => void) => () => void
  readonly #drag: InsertDrag

  constructor(
    store: SliceStore<unknown>,
    deps: {
      api: ServerApi
      bridge: InspectorBridge
      edits: Pick<Edits, 'submit'>
      tree: Tree
      toaster: Toaster
      select: (key: ElementKey) => Promise<void>
      selected: () => readonly ElementKey[]
      codeParentOf: CodeParentOf
      frameRect: () => DOMRect | undefined
      zoom: () => number
    },
  ) {
    this.#slice = store.slice<InsertState>({
      insert: {
        components: [],
        status: 'idle',
        error: null,
        query: '',
        placeMode: 'after',
        drag: null,
        propsRequest: 0,
      },
    })
    this.#api = deps.api
    this.#edits = deps.edits
    this.#tree = deps.tree
    this.#toaster = deps.toaster
    this.#select = deps.select
    this.#selected = deps.selected
    this.#codeParentOf = deps.codeParentOf
    this.#subscribe = (listener) => store.subscribe(listener)
    this.#drag = new InsertDrag({
      bridge: deps.bridge,
      nodes: () => deps.tree.state.nodes,
      codeParentOf: deps.codeParentOf,
      frameRect: deps.frameRect,
      zoom: deps.zoom,
      changed: (drag) => this.#set({ drag }),
      dropped: (item, placement) => void this.insertAt(item, placement),
    })
  }

  get state(): InsertState {
    return this.#slice.state
  }

  #set(patch: Partial<InsertView>): void {
    this.#slice.set({ insert: { ...this.#slice.state.insert, ...patch } })
  }

  /** Reads the project's components (each time the panel opens: files come and go). */
  async load(): Promise<void> {
    this.#set({ status: 'loading', error: null })
    try {
      const { components } = await this.#api.components()
      this.#set({ components, status: 'ready' })
    } catch (error) {
      this.#set({ status: 'error', error: reasonOf(error) })
    }
  }

  setQuery(query: string): void {
    this.#set({ query })
  }

  setPlaceMode(placeMode: InsertView['placeMode']): void {
    this.#set({ placeMode })
  }

  /** A click or Enter on an entry: after the selected element (the first of several), or inside it. */
  insert(item: InsertItem): Promise<boolean> {
    const placement = clickPlacement(
      this.#tree.state.nodes,
      this.#selected()[0],
      this.#slice.state.insert.placeMode,
      this.#codeParentOf,
    )
    if (typeof placement === 'string') {
      this.#toaster.toast({ kind: 'error', title: `${item.label} was not inserted`, detail: placement })
      return Promise.resolve(false)
    }
    return this.insertAt(item, placement)
  }

  /** The layers' drop target while an insert drag is over them (the Layers panel sets it while shown). */
  setLayersTarget(target: LayersTarget | null): void {
    this.#drag.layersTarget = target
  }

  /** A press on an entry moved past the threshold: the drag follows the pointer until it is released. */
  startDrag(item: InsertItem, x: number, y: number): void {
    this.#drag.start(item, x, y)
  }

  /** ADD_JSX at `placement`: the element, its props, the component's file for its import. */
  async insertAt(item: InsertItem, placement: InsertPlacement): Promise<boolean> {
    // A component inside its own code would render itself without end.
    if (
      item.kind === 'component' &&
      this.#tree.firstWithCodebaseId(placement.codebaseIdToAddTo)?.scope === item.component.name
    ) {
      this.#toaster.toast({
        kind: 'error',
        title: `${item.label} was not inserted`,
        detail: `That element is in ${item.label}’s own code: it would render itself. Choose a place outside it.`,
      })
      return false
    }
    const props = item.kind === 'native' ? item.props : placeholderProps(item.component.props)
    const outcome = await this.#edits.submit('Insert', {
      type: ChangeType.ADD_JSX,
      changeFields: {
        ...placement,
        addNativeTag: item.kind === 'native' ? item.tag : item.component.name,
        ...(Object.keys(props).length > 0 ? { propsToSet: props } : {}),
        ...(item.kind === 'component'
          ? // The server reads the file from disk (it exists): the contents are only for a file to create.
            { fileContentsSourceFilename: item.component.file, fileContentsToSourceFrom: '' }
          : {}),
        htmlForInstantUpdate: instantHtmlOf(item),
      },
    })
    if (!outcome.ok) return false
    // The request said the page showed it; when the page could not, the user still hears it was added.
    if (!outcome.item.instantUpdateSuccessful && !outcome.response.toast)
      this.#toaster.toast({ kind: 'success', title: 'Successfully added' })
    const added = outcome.response.newCodebaseIds?.[0]
    if (added) this.#selectWhenShown(added, hasRequiredProps(item))
    return true
  }

  /** Selects the new element once the page's tree has it; opens the Props tab when it has props to fill. */
  #selectWhenShown(codebaseId: string, openProps: boolean): void {
    const found = () => {
      const node = this.#tree.firstWithCodebaseId(codebaseId)
      if (!node) return false
      stop()
      void this.#select(node.key).then(() => {
        if (openProps) this.#set({ propsRequest: this.#slice.state.insert.propsRequest + 1 })
      })
      return true
    }
    const unsubscribe = this.#subscribe(() => void found())
    const timer = setTimeout(() => {
      stop()
      console.warn(
        `[visual-edit] The inserted element ${codebaseId} did not show in the page's tree: not selected`,
      )
    }, SELECT_NEW_WITHIN_MS)
    const stop = () => {
      unsubscribe()
      clearTimeout(timer)
    }
    found()
  }
}
