import type { MutateOperation } from '../../protocol/mutate-routes.ts'
import { addClass } from './add-class.ts'
import { changeElementTag } from './change-element-tag.ts'
import { changePropValue } from './change-prop-value.ts'
import { editText } from './edit-text.ts'
import type { Operation } from './operation.ts'
import { removeClass } from './remove-class.ts'
import { styling } from './styling.ts'
import { updateClasses } from './update-classes.ts'

/** The operations this server implements; the structural ones join in their own issue. */
export type ImplementedOperation = Extract<
  MutateOperation,
  | 'editText'
  | 'changePropValue'
  | 'changeElementTag'
  | 'addClass'
  | 'removeClass'
  | 'updateClasses'
  | 'styling'
>

function assertNever(value: never): never {
  throw new Error(`Unhandled operation ${String(value)}`)
}

/** Exhaustive: adding an operation to ImplementedOperation without a handler fails to compile. */
function handlerFor(operation: ImplementedOperation): Operation {
  switch (operation) {
    case 'editText':
      return editText
    case 'changePropValue':
      return changePropValue
    case 'changeElementTag':
      return changeElementTag
    case 'addClass':
      return addClass
    case 'removeClass':
      return removeClass
    case 'updateClasses':
      return updateClasses
    case 'styling':
      return styling
    default:
      return assertNever(operation)
  }
}

const IMPLEMENTED: readonly ImplementedOperation[] = [
  'editText',
  'changePropValue',
  'changeElementTag',
  'addClass',
  'removeClass',
  'updateClasses',
  'styling',
]

/** Looked up in a Map, so `__proto__`, `toString` and friends are just unknown names. */
export const OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  IMPLEMENTED.map((name) => [name, handlerFor(name)]),
)
