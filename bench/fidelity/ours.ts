/**
 * A task through our mutate API, as the dev server runs it: the request the editor would send (built
 * from the lookups it reads first), the operation on the files on disk (strict read, hash check, span
 * edit, parse check, atomic write, re-index, undo entry), then the History's undo, whose result must
 * be the original bytes. A task that misses that is put back by hand, so the next task starts clean.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { MutateRequest } from '../../packages/vite-plugin-visual-edit/src/protocol/body-schemas.ts'
import type { MutateResponse } from '../../packages/vite-plugin-visual-edit/src/protocol/mutate-api.ts'
import type { MutateOperation } from '../../packages/vite-plugin-visual-edit/src/protocol/mutate-routes.ts'
import { replay } from '../../packages/vite-plugin-visual-edit/src/server/edit/activities.ts'
import { OPERATIONS } from '../../packages/vite-plugin-visual-edit/src/server/mutate/index.ts'
import { CANVAS_ID, type Targets } from './targets.ts'
import type { EditTask } from './task.ts'
import { indexFile, type Workspace } from './workspace.ts'

/** A request to one mutate route, typed by its body schema. */
type MutateCall = {
  [Name in MutateOperation]: { operation: Name; body: MutateRequest<Name> }
}[MutateOperation]

const ref = (element: { id: string }) => ({ codebaseId: element.id })

/** The request the editor sends for the task (protocol/change-requests.ts makes the same bodies). */
function requestFor(task: EditTask, targets: Targets, tailwind: boolean): MutateCall {
  const element = ref(targets.element)
  const framework = tailwind ? ('Tailwind' as const) : null
  const sibling = targets.sibling
    ? { [targets.sibling.side === 'after' ? 'afterElement' : 'beforeElement']: ref(targets.sibling.element) }
    : {}
  switch (task.kind) {
    case 'text':
      return {
        operation: 'editText',
        body: { element, newText: task.newText, oldText: targets.lookup.staticText ?? '' },
      }
    case 'class-add':
      return {
        operation: 'addClass',
        body: { reactElement: element, className: task.className, stylingFramework: framework },
      }
    case 'class-remove':
      return { operation: 'removeClass', body: { reactElement: element, className: task.className } }
    case 'class-update': {
      const oldClasses = targets.lookup.classes
      if (!oldClasses.includes(task.from)) throw new Error(`The element has no class ${task.from}`)
      return {
        operation: 'updateClasses',
        body: {
          reactElement: element,
          oldClasses,
          newClasses: oldClasses.map((name) => (name === task.from ? task.to : name)),
          stylingFramework: framework,
        },
      }
    }
    case 'style-tailwind':
    case 'style-css':
    case 'style-inline':
      return {
        operation: 'styling',
        body: {
          reactElement: element,
          styling: task.styling,
          stylingFramework:
            task.kind === 'style-tailwind' ? 'Tailwind' : task.kind === 'style-css' ? 'CSS' : 'Inline',
          modifiers: task.kind === 'style-inline' ? [] : (task.modifiers ?? []),
        },
      }
    case 'prop':
      return {
        operation: 'changePropValue',
        body: {
          elementToModify: element,
          propName: task.propName,
          ...(task.remove ? { remove: true } : { propValue: task.propValue ?? null }),
        },
      }
    case 'tag':
      return { operation: 'changeElementTag', body: { elementToModify: element, newTag: task.newTag } }
    case 'add':
      return {
        operation: 'addJsxElement',
        body: {
          destinationElement: element,
          ...sibling,
          newElement: { ...task.newElement, ...(task.propsToSet ? { propsToSet: task.propsToSet } : {}) },
        },
      }
    case 'move': {
      const into = targets.into
      if (!into) throw new Error('A move without its container')
      return {
        operation: 'moveJsxElement',
        body: {
          elementToMove: element,
          newContainerElement: ref(into),
          ...sibling,
          ...(targets.element.parentId
            ? { expectedCurrentParent: { codebaseId: targets.element.parentId } }
            : {}),
        },
      }
    }
    case 'remove':
      return { operation: 'removeJsxElement', body: { elementsToRemove: [element] } }
    case 'wrap':
      return { operation: 'wrapInDiv', body: { reactElements: targets.wrapped.map(ref) } }
    case 'duplicate':
      return { operation: 'duplicate', body: { reactElements: [element] } }
    default:
      return assertNever(task)
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled task ${JSON.stringify(value)}`)
}

/** What our edit wrote, and how its undo went. */
export interface OurEdit {
  response: MutateResponse
  /** The text of every file the edit wrote, by absolute path (null: the edit deleted it). */
  after: Map<string, string | null>
  /** The task element's source after an in-place edit (its id survives such an edit). */
  elementAfter?: string
  /** The source of each element the edit created (an added element, a copy, a wrapper). */
  created: string[]
  /** The operation's time, as the dev server spends it (file IO included). */
  ms: number
  /** Of that, the time its file system calls took (the safe write's strict read, temp file, rename). */
  ioMs: number
  /** Undefined when the undo restored every file byte for byte; else what went wrong. */
  undoProblem?: string
}

/** Runs the task's request, reads what it wrote, then undoes it through the History and checks the bytes. */
export async function runOurs(workspace: Workspace, task: EditTask, targets: Targets): Promise<OurEdit> {
  const { services, index } = workspace
  const call = requestFor(task, targets, workspace.project.tailwind)
  const operation = OPERATIONS.get(call.operation)
  if (!operation) throw new Error(`The mutate server has no '${call.operation}' operation`)

  workspace.io.ms = 0
  const start = performance.now()
  const response = await operation(call.body, services, CANVAS_ID)
  const ms = performance.now() - start
  const ioMs = workspace.io.ms
  if (response.files.length === 0) throw new Error(`${task.name}: ${call.operation} changed nothing`)

  const after = new Map<string, string | null>()
  for (const relative of response.files) {
    const file = path.join(workspace.root, relative)
    after.set(file, read(file)?.toString('utf8') ?? null)
  }
  const sourceOf = (id: string) => {
    const element = index.get(id)
    const text = element ? after.get(element.file) : undefined
    if (!element || typeof text !== 'string') throw new Error(`${task.name}: ${id} is not in a written file`)
    return text.slice(element.start, element.end)
  }
  const created = (response.newCodebaseIds ?? []).map(sourceOf)
  const inPlace = response.prevIdToNewIdMap === undefined && response.newCodebaseIds === undefined
  const elementAfter =
    inPlace && index.has(targets.element.id) && after.has(targets.element.file)
      ? sourceOf(targets.element.id)
      : undefined

  const undoProblem = await undo(workspace, response)
  return {
    response,
    after,
    ...(elementAfter !== undefined ? { elementAfter } : {}),
    created,
    ms,
    ioMs,
    ...(undoProblem ? { undoProblem } : {}),
  }
}

const read = (file: string): Buffer | null => {
  try {
    return readFileSync(file)
  } catch (error) {
    // A file the edit deleted reads as null; any other failure is the benchmark's own and is thrown.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * Undoes the newest edit as the editor's Undo does (`activities/undoChangeToFiles`) and compares every
 * file it wrote with the original bytes. On a mismatch the originals are written back and re-indexed,
 * so one miss does not spoil the tasks after it; the miss is returned.
 */
async function undo(workspace: Workspace, response: MutateResponse): Promise<string | undefined> {
  let problem: string | undefined
  try {
    await replay(workspace.services, CANVAS_ID, 'undo')
  } catch (error) {
    // The failed undo is the finding: reported with the task, and the files put back below.
    problem = `undo failed: ${error instanceof Error ? error.message : String(error)}`
  }
  for (const relative of response.files) {
    const file = path.join(workspace.root, relative)
    const original = workspace.originals.get(file)
    const now = read(file)
    const exact = original === undefined ? now === null : now?.equals(original) === true
    if (exact) continue
    problem ??= `undo left ${relative} different from the original`
    if (original === undefined) rmSync(file, { force: true })
    else writeFileSync(file, original)
    if (/\.[jt]sx$/.test(file)) {
      if (original === undefined) workspace.index.deleteFile(file)
      else indexFile(workspace.index, workspace.root, file)
    }
  }
  return problem
}
