import { readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  createHeadlessEditor,
  type FileChange,
  type HeadlessEditor,
  VisualEditError,
} from 'vite-plugin-visual-edit'
import { unifiedDiff } from '../line-diff.ts'
import { checkProjectFolder } from '../project-checks.ts'

/** One change of a change file: a mutate route's name and its request body. */
export interface ChangeRequest {
  operation: string
  body: Record<string, unknown>
}

export interface ApplyOptions {
  /** Run every change in memory and report the diff; write nothing. */
  dryRun: boolean
}

/** What `visual-edit apply` reports, over all the changes of the file. */
export interface ApplyResult {
  ok: true
  /** Files changed (or, in a dry run, that would change), relative to the root. */
  files: string[]
  /** Ids of the project as it was -> their ids after every change (only those that changed). */
  prevIdToNewIdMap: Record<string, string>
  /** Ids, after every change, of the elements the changes created. */
  newCodebaseIds: string[]
  warnings: string[]
  /** Dry run only: the unified diff of every file that would change. */
  diff?: string
}

const FORMAT =
  'It must hold one change, { "operation": "editText", "body": { ... } }, or an array of them; the operations are the mutate routes (docs/MUTATE-API.md).'

function invalid(file: string, problem: string): VisualEditError {
  return new VisualEditError('VISUAL_EDIT_INVALID_CHANGE_FILE', `${file} ${problem}. ${FORMAT}`)
}

/** The stable code of a visual-edit error (the mutate server's included); undefined for anything else. */
export const visualEditCode = (error: unknown): string | undefined =>
  error instanceof VisualEditError ? (error as { code: string }).code : undefined

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The changes of a change file, in order; VISUAL_EDIT_INVALID_CHANGE_FILE with what is wrong. */
export async function readChanges(file: string): Promise<ChangeRequest[]> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw invalid(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw invalid(file, `is not valid JSON (${(error as Error).message})`)
  }
  const list = Array.isArray(parsed) ? parsed : [parsed]
  if (list.length === 0) throw invalid(file, 'holds no change')
  return list.map((change, index) => {
    const where = Array.isArray(parsed) ? `change ${index + 1} of ` : ''
    if (!isObject(change) || typeof change.operation !== 'string' || !isObject(change.body))
      throw invalid(file, `has ${where}no "operation" name and "body" object`)
    return { operation: change.operation, body: change.body }
  })
}

/**
 * A body with every element written as `{ "file": "src/App.tsx", "line": 12, "tag"?: "h1" }` replaced
 * by the element object `{ codebaseId }` the API takes (see HeadlessEditor.elementAt).
 */
export function resolveLocations(value: unknown, editor: HeadlessEditor): unknown {
  if (Array.isArray(value)) return value.map((entry) => resolveLocations(entry, editor))
  if (!isObject(value)) return value
  if (typeof value.file === 'string' && typeof value.line === 'number' && value.codebaseId === undefined) {
    const { file, line, tag, ...rest } = value
    return { ...rest, codebaseId: editor.elementAt(file, line, typeof tag === 'string' ? tag : undefined) }
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, resolveLocations(entry, editor)]),
  )
}

/** The body with each `codebaseId` (an id of the project as it was) replaced by its current id. */
export function currentIds(value: unknown, current: (id: string) => string): unknown {
  if (Array.isArray(value)) return value.map((entry) => currentIds(entry, current))
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      key === 'codebaseId' && typeof entry === 'string' ? current(entry) : currentIds(entry, current),
    ]),
  )
}

/**
 * The ids of a series of changes, kept as the user reads them: `moved` maps an id of the project as it
 * was to the element's current id, `created` holds the current ids of the elements the changes added.
 */
export class IdTracker {
  readonly moved: Record<string, string> = {}
  created: string[] = []

  current = (id: string): string => this.moved[id] ?? id

  /** Takes in one change's `prevIdToNewIdMap` (current -> next) and its new ids. */
  step(remap: Record<string, string> = {}, added: readonly string[] = []): void {
    const holders = new Map(Object.entries(this.moved).map(([original, current]) => [current, original]))
    const movedBefore = new Set(Object.keys(this.moved))
    const created = new Set(this.created)
    for (const [from, to] of Object.entries(remap)) {
      if (created.has(from)) continue
      // The element holding `from` now: one moved before, else one that still has its first id (an id
      // moved away from and not held again belongs to an element created since, tracked in `created`).
      const original = holders.get(from) ?? (movedBefore.has(from) ? undefined : from)
      if (original !== undefined) this.moved[original] = to
    }
    for (const [original, current] of Object.entries(this.moved))
      if (original === current) delete this.moved[original]
    this.created = [...this.created.map((id) => remap[id] ?? id), ...added]
  }
}

/**
 * Applies the changes in order, all in memory first (each sees the result and the id changes of the
 * ones before it), then writes every changed file as one group, or, in a dry run, nothing. Elements
 * named by file and line are found in the project as it is before the first change, like ids. A
 * refused change stops the run with the server's code, and nothing is written.
 */
export async function apply(
  changes: readonly ChangeRequest[],
  dir: string,
  options: ApplyOptions,
): Promise<ApplyResult> {
  return (await applyChanges(changes, dir, options)).result
}

/** {@link apply}, with the text of every file it changed (or would change) before and after. */
export async function applyChanges(
  changes: readonly ChangeRequest[],
  dir: string,
  options: ApplyOptions,
): Promise<{ result: ApplyResult; files: FileChange[] }> {
  const root = path.resolve(dir)
  checkProjectFolder(root)
  const editor = await createHeadlessEditor(root)
  const label = (index: number) =>
    changes.length > 1
      ? `Change ${index + 1} of ${changes.length} (${changes[index]?.operation})`
      : changes[0]?.operation
  const refused = (index: number, error: unknown) => {
    const code = visualEditCode(error)
    if (code === undefined) return error
    const { message } = error as Error
    return new VisualEditError(
      code,
      `${label(index)} was refused (${code}): ${message} Nothing was written.`,
      {
        cause: error,
      },
    )
  }

  const bodies = changes.map((change, index) => {
    try {
      return resolveLocations(change.body, editor)
    } catch (error) {
      throw refused(index, error)
    }
  })
  const ids = new IdTracker()
  const files: string[] = []
  const warnings = [...editor.warnings]
  for (const [index, change] of changes.entries()) {
    try {
      const response = await editor.run(change.operation, currentIds(bodies[index], ids.current))
      for (const file of response.files) if (!files.includes(file)) files.push(file)
      ids.step(response.prevIdToNewIdMap, response.newCodebaseIds)
      warnings.push(...(response.warnings ?? []))
    } catch (error) {
      throw refused(index, error)
    }
  }

  const result: ApplyResult = {
    ok: true,
    files,
    prevIdToNewIdMap: ids.moved,
    newCodebaseIds: ids.created,
    warnings,
  }
  const changed = await editor.changes()
  if (options.dryRun) {
    result.diff = changed
      .map((change) => unifiedDiff(change.relativePath, change.before, change.after))
      .join('')
  } else {
    await editor.commit()
  }
  return { result, files: changed }
}

function print(result: ApplyResult, count: number, root: string, dryRun: boolean): void {
  if (dryRun && result.diff) process.stdout.write(result.diff)
  const changes = `${count} change${count === 1 ? '' : 's'}`
  if (result.files.length === 0) console.log(`${changes}: nothing in ${root} changed.`)
  else {
    console.log(
      dryRun
        ? `Dry run: ${changes} would change these files (nothing was written):`
        : `Applied ${changes} to ${root}:`,
    )
    for (const file of result.files) console.log(`  ${file}`)
  }
  const moved = Object.entries(result.prevIdToNewIdMap)
  if (moved.length > 0) {
    console.log('Ids changed (old -> new):')
    for (const [from, to] of moved) console.log(`  ${from} -> ${to}`)
  }
  if (result.newCodebaseIds.length > 0) {
    console.log('New elements:')
    for (const id of result.newCodebaseIds) console.log(`  ${id}`)
  }
  for (const warning of result.warnings) console.warn(warning)
}

/**
 * `visual-edit apply <change.json> [dir]`: prints what changed (or the diff, in a dry run), or with
 * `json` one JSON object either way. A failure is exit code 1: with `json`, as `{ ok: false, error }`
 * on stdout; otherwise thrown to the CLI's one error line.
 */
export async function runApplyCommand(
  changeFile: string,
  dir: string,
  options: ApplyOptions & { json: boolean },
): Promise<void> {
  try {
    const changes = await readChanges(changeFile)
    const result = await apply(changes, dir, options)
    if (options.json)
      console.log(JSON.stringify(options.dryRun ? { ...result, dryRun: true } : result, null, 2))
    else print(result, changes.length, path.resolve(dir), options.dryRun)
  } catch (error) {
    if (!options.json) throw error
    const code = visualEditCode(error) ?? 'INTERNAL'
    const message = error instanceof Error ? error.message : String(error)
    console.log(JSON.stringify({ ok: false, error: { code, message } }, null, 2))
    process.exitCode = 1
  }
}
