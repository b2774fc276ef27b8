import {
  ChangeType,
  type ClassSuggestion,
  DEFAULT_CLASS_SUGGESTIONS,
  type ElementKey,
  MAX_CLASS_CSS_CLASSES,
  StylingFramework,
  withModifiers,
} from 'vite-plugin-visual-edit/protocol'
import { type ServerApi, ServerError } from '../api/server-api.ts'
import { conflictingClasses, replaceClasses } from './class-conflicts.ts'
import type { Edits } from './edits.ts'
import { logFailure, reasonOf } from './failures.ts'
import type { Lookups } from './lookups.ts'
import type { Slice, SliceStore } from './slice.ts'
import type { StyleScoping } from './style-scope.ts'
import { styleTargets } from './style-source.ts'
import type { Toaster } from './toaster.ts'

export interface ClassSuggestionsView {
  /** The query the suggestions are for. */
  query: string
  status: 'idle' | 'loading' | 'ready' | 'error'
  suggestions: readonly ClassSuggestion[]
  error: string | null
}

export interface StyleClassesState {
  classSuggestions: ClassSuggestionsView
}

const IDLE: ClassSuggestionsView = { query: '', status: 'idle', suggestions: [], error: null }

/** The classes typed in the input: one or more, separated by spaces. */
const typedClasses = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '')

/** What a failed suggestions request says (a dev server without the endpoint answers 404). */
function suggestionsProblem(error: unknown): string {
  if (error instanceof ServerError && error.status === 404)
    return 'This dev server offers no class suggestions (update vite-plugin-visual-edit). Type the class and press Enter.'
  if (error instanceof TypeError) return 'The dev server did not answer: is visual-edit edit still running?'
  return reasonOf(error)
}

/**
 * The selected element's classes in the Styles panel (docs/EDITOR.md, Styles panel): suggestions for
 * what the user types (the project's Tailwind, one request at a time, the latest query asked next, so
 * no timer is needed), a class added under the scope's modifiers (ADD_CLASS; in a Tailwind project
 * checked by the server, which refuses an unknown class with its message), replacing a class of the
 * element that it makes redundant (UPDATE_CLASSES), and a class removed (REMOVE_CLASS).
 */
export class StyleClasses {
  readonly #slice: Slice<StyleClassesState>
  readonly #api: Pick<ServerApi, 'classSuggestions' | 'classCss'>
  readonly #edits: Pick<Edits, 'submit'>
  readonly #lookups: Pick<Lookups, 'state'>
  readonly #scope: Pick<StyleScoping, 'modifiers'>
  readonly #toaster: Toaster
  readonly #selected: () => readonly ElementKey[]
  #inFlight = false
  #wanted: string | null = null

  constructor(
    store: SliceStore<unknown>,
    deps: {
      api: Pick<ServerApi, 'classSuggestions' | 'classCss'>
      edits: Pick<Edits, 'submit'>
      lookups: Pick<Lookups, 'state'>
      scope: Pick<StyleScoping, 'modifiers'>
      toaster: Toaster
      selected: () => readonly ElementKey[]
    },
  ) {
    this.#slice = store.slice<StyleClassesState>({ classSuggestions: IDLE })
    this.#api = deps.api
    this.#edits = deps.edits
    this.#lookups = deps.lookups
    this.#scope = deps.scope
    this.#toaster = deps.toaster
    this.#selected = deps.selected
  }

  get state(): StyleClassesState {
    return this.#slice.state
  }

  /** Asks for suggestions for `query` (the last word typed); an empty one clears them. */
  suggest(query: string): void {
    const trimmed = query.trim()
    if (trimmed === '') {
      this.#wanted = null
      this.#slice.set({ classSuggestions: IDLE })
      return
    }
    this.#wanted = trimmed
    const now = this.state.classSuggestions
    if (now.query !== trimmed || now.status !== 'ready')
      this.#slice.set({ classSuggestions: { ...now, query: trimmed, status: 'loading', error: null } })
    if (this.#inFlight) return
    this.#inFlight = true
    const asked = trimmed
    this.#api
      .classSuggestions(asked, DEFAULT_CLASS_SUGGESTIONS)
      .then(
        (answer) => {
          if (this.#wanted !== asked) return
          this.#slice.set({
            classSuggestions: { query: asked, status: 'ready', suggestions: answer.suggestions, error: null },
          })
        },
        (error: unknown) => {
          logFailure('No class suggestions')(error)
          if (this.#wanted !== asked) return
          this.#slice.set({
            classSuggestions: {
              query: asked,
              status: 'error',
              suggestions: [],
              error: suggestionsProblem(error),
            },
          })
        },
      )
      .finally(() => {
        this.#inFlight = false
        if (this.#wanted !== null && this.#wanted !== asked) this.suggest(this.#wanted)
      })
  }

  /**
   * Adds the typed classes under the scope's modifiers to each selected element (one undo step). In a
   * Tailwind project each is checked by the server (`asWritten`: added as typed, for a class of the
   * project's own CSS); a class of the element that the new ones make redundant (same variants, no
   * property of its own left) is replaced in the same change. Resolves whether it was written (false:
   * the input keeps the text, the toast says why).
   */
  async addClass(text: string, options: { asWritten?: boolean } = {}): Promise<boolean> {
    const elements = styleTargets(this.#selected())
    const words = typedClasses(text)
    if (elements.length === 0 || words.length === 0) return false
    const modifiers = this.#scope.modifiers
    const written = words.map((word) => withModifiers(word, modifiers))
    const lacking = elements.filter((element) => {
      const existing = this.#lookups.state.lookups.get(element.codebaseId)?.classes ?? []
      return !written.every((className) => existing.includes(className))
    })
    if (lacking.length === 0) {
      this.#toaster.toast({
        kind: 'info',
        title: `${elements.length > 1 ? 'Every selected element' : 'The element'} already has ${written.join(' ')}.`,
      })
      return true
    }
    const step = lacking.length > 1 ? crypto.randomUUID() : undefined
    const outcomes = await Promise.all(
      lacking.map(async (element) => {
        const change = await this.#addChange(element.codebaseId, words, written, options)
        return this.#edits.submit(change.action, change.change, step ? { step } : {})
      }),
    )
    return outcomes.every((outcome) => outcome.ok)
  }

  /** The change that adds `written` to one element: replacing what they make redundant, or added beside. */
  async #addChange(
    codebaseId: string,
    words: readonly string[],
    written: readonly string[],
    options: { asWritten?: boolean },
  ): Promise<{ action: string; change: unknown }> {
    const lookup = this.#lookups.state.lookups.get(codebaseId)
    const tailwind = this.#lookups.state.stylingFramework === StylingFramework.TAILWIND
    const existing = lookup?.classes ?? []
    if (tailwind && lookup?.classesEditable && existing.length > 0) {
      const replaced = await this.#replacedBy(written, existing)
      if (replaced.length > 0)
        return {
          action: `Replace ${replaced.join(' ')}`,
          change: {
            type: ChangeType.UPDATE_CLASSES,
            changeFields: {
              codebaseIdToUpdateClass: codebaseId,
              newClasses: replaceClasses(existing, replaced, written),
              oldClasses: [...existing],
            },
          },
        }
    }
    return {
      action: 'Add class',
      change: {
        type: ChangeType.ADD_CLASS,
        changeFields: {
          codebaseIdToAddClass: codebaseId,
          className: words.join(' '),
          addingTailwindClass: tailwind && !options.asWritten,
          modifiers: this.#scope.modifiers,
        },
      },
    }
  }

  /** The element's classes the new ones replace, from the project's Tailwind CSS of both (none if it cannot be read). */
  async #replacedBy(written: readonly string[], existing: readonly string[]): Promise<string[]> {
    const asked = [...new Set([...written, ...existing])].slice(0, MAX_CLASS_CSS_CLASSES)
    try {
      const { css } = await this.#api.classCss(asked)
      return conflictingClasses(written, existing, css)
    } catch (error) {
      logFailure("The classes' CSS could not be read: the class is added beside the others")(error)
      return []
    }
  }

  /** Takes a class off each selected element that has it (REMOVE_CLASS; one undo step). */
  async removeClass(className: string): Promise<boolean> {
    const having = styleTargets(this.#selected()).filter((element) =>
      (this.#lookups.state.lookups.get(element.codebaseId)?.classes ?? []).includes(className),
    )
    // Without its lookup the first element is asked anyway: the server says whether it has the class.
    const elements = having.length > 0 ? having : styleTargets(this.#selected()).slice(0, 1)
    if (elements.length === 0) return false
    const step = elements.length > 1 ? crypto.randomUUID() : undefined
    const outcomes = await Promise.all(
      elements.map((element) =>
        this.#edits.submit(
          `Remove ${className}`,
          {
            type: ChangeType.REMOVE_CLASS,
            changeFields: { codebaseIdToRemoveClass: element.codebaseId, className },
          },
          step ? { step } : {},
        ),
      ),
    )
    return outcomes.every((outcome) => outcome.ok)
  }
}
