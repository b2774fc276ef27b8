/**
 * What an edit task of the fidelity benchmark says: the file, the element (picked by a selector, then
 * found by its codebase id in the element index the tag plugin builds), and the change, one variant
 * per change type the editor sends. Each task runs through the mutate API (ours.ts) and through a
 * reprinting editor (reprint/), and both results are measured the same way (measure.ts).
 */
import type { PropValue } from '../../packages/vite-plugin-visual-edit/src/protocol/change-types.ts'
import type { StyleModifier } from '../../packages/vite-plugin-visual-edit/src/protocol/styling.ts'

/** Every change type the benchmark covers; each one maps to one mutate operation (see ours.ts). */
export const TASK_KINDS = [
  'text',
  'class-add',
  'class-remove',
  'class-update',
  'style-tailwind',
  'style-css',
  'style-inline',
  'prop',
  'tag',
  'add',
  'move',
  'remove',
  'wrap',
  'duplicate',
] as const
export type TaskKind = (typeof TASK_KINDS)[number]

/**
 * Picks one element of a file, as a person reading the code would point at it: the elements named
 * `tag` whose opening tag contains `attr` and whose whole source contains `text`, in document order;
 * `nth` (0-based) chooses among several, and without it exactly one must match. A selector that
 * matches nothing or too much fails the task loudly, so a changed source file cannot silently move a
 * task to another element.
 */
export interface Pick {
  tag: string
  attr?: string
  text?: string
  nth?: number
  /** The file, relative to the project root, when it is not the task's own (a move to another file). */
  file?: string
}

interface TaskBase {
  /** Shown in tables and failures: what the edit does, in a few words. */
  name: string
  /** Relative to the project root, posix. */
  file: string
  element: Pick
}

export type EditTask = TaskBase &
  (
    | { kind: 'text'; newText: string }
    | { kind: 'class-add'; className: string }
    | { kind: 'class-remove'; className: string }
    /** The element's classes with `from` replaced by `to` (UPDATE_CLASSES sends the whole list). */
    | { kind: 'class-update'; from: string; to: string }
    | { kind: 'style-tailwind'; styling: Record<string, string>; modifiers?: StyleModifier[] }
    /** Edits the rule the mutate API finds for the element's class (css-rule.ts). */
    | { kind: 'style-css'; styling: Record<string, string>; modifiers?: StyleModifier[] }
    | { kind: 'style-inline'; styling: Record<string, string> }
    | { kind: 'prop'; propName: string; propValue?: PropValue; remove?: true }
    | { kind: 'tag'; newTag: string }
    /** A new element in the task's element (the destination), after or before one of its children, else last. */
    | {
        kind: 'add'
        newElement: { nativeTag: string } | { componentName: string }
        propsToSet?: Record<string, PropValue>
        after?: Pick
        before?: Pick
      }
    /** The task's element moved into `into`, after or before one of its children, else last. */
    | { kind: 'move'; into: Pick; after?: Pick; before?: Pick }
    | { kind: 'remove' }
    /** The task's element, with the siblings `with` when given, wrapped in a div. */
    | { kind: 'wrap'; with?: Pick[] }
    | { kind: 'duplicate' }
  )

/** A project the tasks edit: where its files come from and how its code is formatted. */
export interface SourceProject {
  name: string
  /** Absolute folder copied into the workspace (its `src/`, package.json and Tailwind/PostCSS configs). */
  dir: string
  /**
   * The project's own code style, for the reprinting editor's prettier (the fairest reprint: the one a
   * project configured for its own style). Line endings follow each file.
   */
  style: { semi: boolean; singleQuote: boolean; printWidth: number }
  /** Whether it styles with Tailwind: classes it adds are checked with its Tailwind (`stylingFramework`). */
  tailwind: boolean
  tasks: readonly EditTask[]
}
