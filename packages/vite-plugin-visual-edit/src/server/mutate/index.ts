import type { MutateResponse } from '../../protocol/mutate-api.ts'
import { MUTATE_OPERATION, type MutateOperation } from '../../protocol/mutate-routes.ts'
import type { MutationServices } from '../edit/mutation.ts'
import { parseBody } from '../gate/parse-body.ts'
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

/** A route as the middleware calls it: the raw body, parsed with the route's schema, then the operation. */
type Route = (raw: unknown, services: MutationServices, canvasId: string) => Promise<MutateResponse>

function route<Name extends MutateOperation>(name: Name, operation: Operation<Name>): Route {
  // The undo entry the edit records is named after its route (the History panel).
  return (raw, services, canvasId) =>
    operation(parseBody(name, raw), { ...services, operation: name }, canvasId)
}

function assertNever(value: never): never {
  throw new Error(`Unhandled operation ${String(value)}`)
}

/** Exhaustive over the protocol's operations: one without a handler fails to compile. */
function handlerFor(operation: MutateOperation): Route {
  switch (operation) {
    case 'styling':
      return route(operation, styling)
    case 'addJsxElement':
      return route(operation, addJsxElement)
    case 'moveJsxElement':
      return route(operation, moveJsxElement)
    case 'removeJsxElement':
      return route(operation, removeJsxElement)
    case 'changePropValue':
      return route(operation, changePropValue)
    case 'wrapInDiv':
      return route(operation, wrapInDiv)
    case 'duplicate':
      return route(operation, duplicate)
    case 'changeElementTag':
      return route(operation, changeElementTag)
    case 'addClass':
      return route(operation, addClass)
    case 'removeClass':
      return route(operation, removeClass)
    case 'editText':
      return route(operation, editText)
    case 'updateClasses':
      return route(operation, updateClasses)
    default:
      return assertNever(operation)
  }
}

/** Looked up in a Map, so `__proto__`, `toString` and friends are just unknown names. */
export const OPERATIONS: ReadonlyMap<string, Route> = new Map(
  Object.values(MUTATE_OPERATION).map((name) => [name, handlerFor(name)]),
)
