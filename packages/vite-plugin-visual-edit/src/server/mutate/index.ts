import { MUTATE_OPERATION, type MutateOperation } from '../../protocol/mutate-routes.ts'
import { addClass } from './add-class.ts'
import { addJsxElement } from './add-jsx-element.ts'
import { changeElementTag } from './change-element-tag.ts'
import { changePropValue } from './change-prop-value.ts'
import { duplicate } from './duplicate.ts'
import { editText } from './edit-text.ts'
import { moveJsxElement } from './move-jsx-element.ts'
import type { Operation } from './operation.ts'
import { removeClass } from './remove-class.ts'
import { removeJsxElement } from './remove-jsx-element.ts'
import { styling } from './styling.ts'
import { updateClasses } from './update-classes.ts'
import { wrapInDiv } from './wrap-in-div.ts'

function assertNever(value: never): never {
  throw new Error(`Unhandled operation ${String(value)}`)
}

/** Exhaustive over the protocol's operations: one without a handler fails to compile. */
function handlerFor(operation: MutateOperation): Operation {
  switch (operation) {
    case 'styling':
      return styling
    case 'addJsxElement':
      return addJsxElement
    case 'moveJsxElement':
      return moveJsxElement
    case 'removeJsxElement':
      return removeJsxElement
    case 'changePropValue':
      return changePropValue
    case 'wrapInDiv':
      return wrapInDiv
    case 'duplicate':
      return duplicate
    case 'changeElementTag':
      return changeElementTag
    case 'addClass':
      return addClass
    case 'removeClass':
      return removeClass
    case 'editText':
      return editText
    case 'updateClasses':
      return updateClasses
    default:
      return assertNever(operation)
  }
}

/** Looked up in a Map, so `__proto__`, `toString` and friends are just unknown names. */
export const OPERATIONS: ReadonlyMap<string, Operation> = new Map(
  Object.values(MUTATE_OPERATION).map((name) => [name, handlerFor(name)]),
)
