/**
 * A task's elements as the project's element index knows them before the edit, and what the editor
 * would read of them first (the lookups' text and classes, the stylesheet rule a CSS edit goes to).
 * Both approaches edit these same elements, and the measures take the edit's region from them.
 */
import path from 'node:path'
import type { ElementLookup } from '../../packages/vite-plugin-visual-edit/src/protocol/lookups.ts'
import { describeElements } from '../../packages/vite-plugin-visual-edit/src/server/edit/describe-elements.ts'
import {
  locateStylesheetRule,
  type StylesheetRule,
} from '../../packages/vite-plugin-visual-edit/src/server/styling/css-rule.ts'
import type { IndexedElement } from '../../packages/vite-plugin-visual-edit/src/transform/element-index.ts'
import type { EditTask } from './task.ts'
import { pickElement, type Workspace } from './workspace.ts'

/** The canvas every edit of the benchmark is recorded on. */
export const CANVAS_ID = 'fidelity'

export interface Targets {
  /** The task's file, absolute. */
  file: string
  element: IndexedElement
  /** What the lookups say of the element (its static text, its classes). */
  lookup: ElementLookup
  /** A move's new container. */
  into?: IndexedElement
  /** The child of the destination (add) or new container (move) the element goes after or before. */
  sibling?: { element: IndexedElement; side: 'after' | 'before' }
  /** A wrap's elements: the task's element and its `with` siblings, in document order. */
  wrapped: IndexedElement[]
  /** A CSS styling edit's rule, found as the mutate API finds it. */
  rule?: StylesheetRule
}

export async function resolveTargets(workspace: Workspace, task: EditTask): Promise<Targets> {
  const element = pickElement(workspace, task.file, task.element)
  const lookup = (await describeElements(workspace.services, [element.id])).lookups[element.id]
  if (!lookup) throw new Error(`The lookups do not know ${element.id}`)
  const targets: Targets = {
    file: path.join(workspace.root, task.file),
    element,
    lookup,
    wrapped: [element],
  }
  const place = (pick: { after?: EditTask['element']; before?: EditTask['element'] }, file: string) => {
    if (pick.after) targets.sibling = { element: pickElement(workspace, file, pick.after), side: 'after' }
    if (pick.before) targets.sibling = { element: pickElement(workspace, file, pick.before), side: 'before' }
  }
  switch (task.kind) {
    case 'add':
      place(task, task.file)
      break
    case 'move':
      targets.into = pickElement(workspace, task.file, task.into)
      place(task, task.into.file ?? task.file)
      break
    case 'wrap':
      targets.wrapped = [element, ...(task.with ?? []).map((pick) => pickElement(workspace, task.file, pick))]
      targets.wrapped.sort((a, b) => a.start - b.start)
      break
    case 'style-css':
      targets.rule = await locateStylesheetRule(workspace.services, CANVAS_ID, element.id, {})
      break
    default:
      break
  }
  return targets
}
