import {
  type ElementKey,
  type ElementLookup,
  isTaggedCodebaseId,
  MAX_LOOKUP_IDS,
  type NavTreeNode,
  type StylingFramework,
} from 'vite-plugin-visual-edit/protocol'
import type { ServerApi } from '../api/server-api.ts'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import { logFailure, reasonOf } from './failures.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { Toaster } from './toaster.ts'

export interface LookupsState {
  /** What the server says about each codebase id the editor asked about (file, line, text, classes). */
  lookups: ReadonlyMap<string, ElementLookup>
  /** How the project styles, from the lookups' answer; null before the first. */
  stylingFramework: StylingFramework | null
}

/**
 * What the code says about the page's elements (docs/GLOSSARY.md, Lookups), asked of the server and
 * handed to the inspector too (`setNewLookups`).
 */
export class Lookups {
  readonly #slice: Slice<LookupsState>
  readonly #api: Pick<ServerApi, 'lookups'>
  readonly #bridge: InspectorBridge
  readonly #toaster: Toaster
  readonly #asked = new Set<string>()
  #inFlight = false
  /** The last request failed: the next failure is logged only, until one succeeds. */
  #failing = false

  constructor(
    store: SliceStore<unknown>,
    deps: { api: Pick<ServerApi, 'lookups'>; bridge: InspectorBridge; toaster: Toaster },
  ) {
    this.#slice = store.slice<LookupsState>({ lookups: new Map(), stylingFramework: null })
    this.#api = deps.api
    this.#bridge = deps.bridge
    this.#toaster = deps.toaster
  }

  get state(): LookupsState {
    return this.#slice.state
  }

  /**
   * Asks the server about codebase ids: one request at a time, the ids asked meanwhile go in the next.
   * Only ids the server can know are asked (`tempo-` and a UUID: an instant update's placeholder would
   * have the whole request refused). An id the server leaves out (unknown, or its file changed on disk
   * and the dev server has not served it again) keeps its last lookup: the edits it allows are checked
   * against the file by the server anyway, and a panel that empties while the user types would lose
   * what they typed.
   */
  ask(ids: Iterable<string>): void {
    for (const id of ids) if (isTaggedCodebaseId(id)) this.#asked.add(id)
    if (this.#inFlight || this.#asked.size === 0) return
    const asked = [...this.#asked].slice(0, MAX_LOOKUP_IDS)
    for (const id of asked) this.#asked.delete(id)
    this.#inFlight = true
    this.#api
      .lookups(asked)
      .then(
        (answer) => {
          this.#failing = false
          const lookups = new Map(this.state.lookups)
          // Only what changed goes on: the selection's lookups are asked again with every tree, and an
          // answer the same as before must not rebuild the page's tree (which would send a tree again).
          const changed: typeof answer.lookups = {}
          for (const [id, lookup] of Object.entries(answer.lookups)) {
            const known = lookups.get(id)
            if (known !== undefined && JSON.stringify(known) === JSON.stringify(lookup)) continue
            changed[id] = lookup
            lookups.set(id, lookup)
          }
          if (Object.keys(changed).length > 0 || answer.stylingFramework !== this.state.stylingFramework)
            this.#slice.set({ lookups, stylingFramework: answer.stylingFramework })
          if (Object.keys(changed).length === 0) return
          return this.#bridge
            .call('setNewLookups', changed)
            .catch(
              logFailure("The app's page did not get the code's lookups (the next tree sends them again)"),
            )
        },
        (error: unknown) => this.#failed(error),
      )
      .finally(() => {
        this.#inFlight = false
        this.ask([])
      })
  }

  /** With each tree: the ids the editor has no lookup for, and the selection's again (its code may have changed). */
  forTree(nodes: readonly NavTreeNode[], selected: readonly ElementKey[]): void {
    const known = this.state.lookups
    const missing = nodes.map((node) => node.key.codebaseId).filter((id) => !known.has(id))
    this.ask([...missing, ...selected.map((key) => key.codebaseId)])
  }

  /** After an edit wrote `files`: what the server now says about their elements (its index is updated at once). */
  forFiles(files: readonly string[]): void {
    this.ask([...this.state.lookups].filter(([, lookup]) => files.includes(lookup.file)).map(([id]) => id))
  }

  /** A failed request: the panel cannot show the code, so the user is told (once, until one succeeds). */
  #failed(error: unknown): void {
    logFailure("The code of the page's elements could not be read")(error)
    if (this.#failing) return
    this.#failing = true
    this.#toaster.toast({
      kind: 'error',
      title: "Could not read the code of the page's elements.",
      detail:
        error instanceof TypeError
          ? 'The dev server did not answer: check that visual-edit edit is still running in your terminal.'
          : reasonOf(error),
    })
  }
}
