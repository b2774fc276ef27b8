import MagicString from 'magic-string'

/** Where a replacement's text came from, when it is code moved from elsewhere (same or another file). */
export interface Origin {
  file: string
  /** The moved span in the original text of `file`. */
  start: number
  end: number
  /** Offset inside the replacement's text of an original offset of [start, end), if it survived. */
  map: (offset: number) => number | undefined
}

interface Replacement {
  start: number
  end: number
  text: string
  origin?: Origin
  /** Order of calls, so insertions at one point keep their order. */
  order: number
}

/** A replacement's handle: where its text landed once the plan is applied. */
export interface Placed {
  readonly start: number
}

/**
 * Non-overlapping replacements of one file's text, applied with magic-string, that also say where
 * every original offset went: code in front of or behind a replacement shifts, removed code is gone,
 * and code a replacement carries from elsewhere (a move) lands inside that replacement's text. The
 * mutate server maps old codebase ids to new ones with it.
 */
export class EditPlan {
  readonly #replacements: Replacement[] = []
  readonly #placed = new Map<Replacement, { start: number }>()

  constructor(
    readonly file: string,
    readonly original: string,
  ) {}

  replace(start: number, end: number, text: string, origin?: Origin): Placed {
    if (start > end || start < 0 || end > this.original.length) throw new Error(`Bad span [${start}, ${end})`)
    for (const other of this.#replacements) {
      const overlaps = start < other.end && other.start < end
      if (overlaps)
        throw new Error(`Overlapping edits at [${start}, ${end}) and [${other.start}, ${other.end})`)
    }
    const replacement: Replacement = {
      start,
      end,
      text,
      order: this.#replacements.length,
      ...(origin ? { origin } : {}),
    }
    this.#replacements.push(replacement)
    const placed = { start: -1 }
    this.#placed.set(replacement, placed)
    return placed
  }

  insert(at: number, text: string, origin?: Origin): Placed {
    return this.replace(at, at, text, origin)
  }

  remove(start: number, end: number): void {
    this.replace(start, end, '')
  }

  get isEmpty(): boolean {
    return this.#replacements.length === 0
  }

  /** The new text; afterwards each Placed handle knows its start and `relocate` answers. */
  apply(): string {
    const sorted = [...this.#replacements].sort(
      (a, b) => a.start - b.start || a.end - b.end || a.order - b.order,
    )
    const magic = new MagicString(this.original)
    let shift = 0
    for (const replacement of sorted) {
      ;(this.#placed.get(replacement) as { start: number }).start = replacement.start + shift
      if (replacement.start === replacement.end) magic.appendLeft(replacement.start, replacement.text)
      else if (replacement.text === '') magic.remove(replacement.start, replacement.end)
      else magic.overwrite(replacement.start, replacement.end, replacement.text)
      shift += replacement.text.length - (replacement.end - replacement.start)
    }
    return magic.toString()
  }

  /** Where an original offset of this file went in the applied text; undefined when it was removed. */
  shifted(offset: number): number | undefined {
    let shift = 0
    for (const replacement of this.#replacements) {
      if (offset >= replacement.start && offset < replacement.end) return undefined
      if (replacement.end <= offset) shift += replacement.text.length - (replacement.end - replacement.start)
    }
    return offset + shift
  }

  /** Where code moved from `file`'s `offset` landed in this plan's text, if this plan carries it. */
  carried(file: string, offset: number): number | undefined {
    for (const replacement of this.#replacements) {
      const origin = replacement.origin
      if (!origin || origin.file !== file || offset < origin.start || offset >= origin.end) continue
      const inner = origin.map(offset)
      const placed = this.#placed.get(replacement)
      if (inner !== undefined && placed && placed.start >= 0) return placed.start + inner
    }
    return undefined
  }
}

/** `relocate` for an EditOutcome over several plans: moved code first, then shifted code. */
export function relocateAcross(
  plans: readonly EditPlan[],
): (file: string, offset: number) => { file: string; offset: number } | undefined {
  return (file, offset) => {
    for (const plan of plans) {
      const carried = plan.carried(file, offset)
      if (carried !== undefined) return { file: plan.file, offset: carried }
    }
    const own = plans.find((plan) => plan.file === file)
    if (!own) return { file, offset }
    const shifted = own.shifted(offset)
    return shifted === undefined ? undefined : { file, offset: shifted }
  }
}
