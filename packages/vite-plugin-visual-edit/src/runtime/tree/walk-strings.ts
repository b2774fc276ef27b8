/**
 * What one walk of the page looks up once per distinct string and then by table index: a page repeats
 * a few codebase ids, class lists, tags, scopes and positions thousands of times, and each answer
 * costs several map lookups to make.
 */
import type { StringTable } from '../../protocol/string-table.ts'
import type { InspectorContext } from '../core/context.ts'
import { type Fiber, scopeOf } from '../react/react-fiber.ts'
import { componentSegment, isCodebaseId } from './element-keys.ts'
import { memoByString } from './memo.ts'

const WHITESPACE = /\s+/

/** Class attributes as the wire's single-space lists (a page repeats a few class strings many times). */
const normalizeClasses = memoByString((raw) => raw.trim().split(WHITESPACE).join(' '))

/** `-0`, `-1`, ...: what a child adds to its parent's unique path, one string per position. */
const positionSegments: string[] = []
export const positionSegment = (position: number): string => {
  let segment = positionSegments[position]
  if (segment === undefined) {
    segment = `-${position}`
    positionSegments[position] = segment
  }
  return segment
}

/** `-Card`: what a component usage adds to the unique path, one string per name. */
export const componentPathSegment = memoByString((name) => `-${componentSegment(name)}`)

/** Server-known class lists joined for the wire, once per list. */
const joinedClasses = new WeakMap<readonly string[], string>()

function joinClasses(classes: readonly string[]): string {
  let joined = joinedClasses.get(classes)
  if (joined === undefined) {
    joined = classes.join(' ')
    joinedClasses.set(classes, joined)
  }
  return joined
}

/** A codebase id's table index and its direct classes' (-1: none). */
export interface CodebaseIdEntry {
  id: number
  direct: number
}

export class WalkStrings {
  readonly #table: StringTable
  readonly #context: InspectorContext
  readonly #keeps: (codebaseId: string) => boolean
  /** Null: not a codebase id, or not kept in this storyboard. */
  readonly #ids = new Map<string, CodebaseIdEntry | null>()
  readonly #classes = new Map<string, number>()
  readonly #tags = new Map<string, number>()
  readonly #positions: number[] = []
  #lastOwner: unknown = null
  #lastScope = -1

  constructor(table: StringTable, context: InspectorContext, keeps: (codebaseId: string) => boolean) {
    this.#table = table
    this.#context = context
    this.#keeps = keeps
  }

  /** A kept codebase id's entry, null for anything else. */
  codebaseId(id: string): CodebaseIdEntry | null {
    let entry = this.#ids.get(id)
    if (entry === undefined) {
      entry = null
      if (isCodebaseId(id) && this.#keeps(id)) {
        const direct = this.#context.lookups.get(id)?.classes
        entry = {
          id: this.#table.of(id),
          direct: direct && direct.length > 0 ? this.#table.of(joinClasses(direct)) : -1,
        }
      }
      this.#ids.set(id, entry)
    }
    return entry
  }

  /** A class attribute, normalised to single spaces (-1: no classes). */
  classes(raw: string): number {
    let index = this.#classes.get(raw)
    if (index === undefined) {
      const classes = normalizeClasses(raw)
      index = classes === '' ? -1 : this.#table.of(classes)
      this.#classes.set(raw, index)
    }
    return index
  }

  tag(tag: string): number {
    let index = this.#tags.get(tag)
    if (index === undefined) {
      index = this.#table.of(tag)
      this.#tags.set(tag, index)
    }
    return index
  }

  /** `-0`, `-1`, ...: the usual segment of an element node. */
  position(position: number): number {
    let index = this.#positions[position]
    if (index === undefined) {
      index = this.#table.of(positionSegment(position))
      this.#positions[position] = index
    }
    return index
  }

  /**
   * The scope of a fiber (the component whose code renders it; -1: none). Siblings mostly share
   * their owner: its scope is computed once for them.
   */
  scopeOf(fiber: Fiber): number {
    const owner = fiber._debugOwner
    if (owner !== this.#lastOwner || owner == null) {
      this.#lastOwner = owner
      const scope = scopeOf(fiber)
      this.#lastScope = scope ? this.#table.of(scope) : -1
    }
    return this.#lastScope
  }
}
