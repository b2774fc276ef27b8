import {
  type AnyChange,
  apiPathForChange,
  ChangeType,
  type ElementRef,
  MUTATE_OPERATION,
  type MutateOperation,
  type MutateRequest,
  StylingFramework,
} from 'vite-plugin-visual-edit/protocol'

/** A mutate request: its route and its body. */
export type Request = { [O in MutateOperation]: { operation: O; body: MutateRequest<O> } }[MutateOperation]

/** How the editor names an element in a request: its key when the page shows it, else its id alone. */
export type ElementRefOf = (codebaseId: string) => ElementRef

const optional = (id: string | undefined, refOf: ElementRefOf) => (id === undefined ? undefined : refOf(id))

/**
 * The request a change makes (docs/MUTATE-API.md): its route, and its fields as the route's body,
 * codebase ids mapped to element objects. UNDO and REDO go to the activities routes (see
 * `isActivity`); UNKNOWN throws 'Unsupported operation'. `stylingFramework` is the project's: classes
 * a Tailwind project's UPDATE_CLASSES adds are checked by the server.
 */
export function requestOf(
  change: AnyChange,
  refOf: ElementRefOf,
  canvasId: string,
  stylingFramework: StylingFramework | null = null,
): Request {
  apiPathForChange(canvasId, change.type)
  switch (change.type) {
    case ChangeType.STYLING: {
      const fields = change.changeFields
      return {
        operation: MUTATE_OPERATION.STYLING,
        body: {
          reactElement: refOf(fields.codebaseId),
          styling: fields.stylingChanges,
          stylingFramework: fields.stylingFramework,
          modifiers: fields.modifiers,
          customProperties: fields.customProperties,
        },
      }
    }
    case ChangeType.ADD_JSX: {
      const fields = change.changeFields
      const tag = fields.addNativeTag ?? ''
      return {
        operation: MUTATE_OPERATION.ADD_JSX,
        body: {
          destinationElement: refOf(fields.codebaseIdToAddTo),
          beforeElement: optional(fields.beforeCodebaseId, refOf),
          afterElement: optional(fields.afterCodebaseId, refOf),
          newElement: fields.addCodebaseId
            ? { codebaseId: fields.addCodebaseId }
            : /^[A-Z]/.test(tag) || tag.includes('.')
              ? { componentName: tag }
              : { nativeTag: tag },
          propsToSet: fields.propsToSet,
          fileContentsToSourceFrom: fields.fileContentsToSourceFrom,
          fileContentsSourceFilename: fields.fileContentsSourceFilename,
          extraFiles: fields.extraPathToContents,
          hasInstantUpdate: fields.htmlForInstantUpdate !== undefined,
        },
      }
    }
    case ChangeType.MOVE_JSX: {
      const fields = change.changeFields
      return {
        operation: MUTATE_OPERATION.MOVE_JSX,
        body: {
          elementToMove: refOf(fields.codebaseIdToMove),
          newContainerElement: refOf(fields.codebaseIdToMoveTo),
          afterElement: optional(fields.afterCodebaseId, refOf),
          beforeElement: optional(fields.beforeCodebaseId, refOf),
          expectedCurrentParent: optional(fields.expectedCurrentParentCodebaseId, refOf),
        },
      }
    }
    case ChangeType.REMOVE_JSX:
      return {
        operation: MUTATE_OPERATION.REMOVE_JSX,
        body: { elementsToRemove: change.changeFields.codebaseIdsToRemove.map(refOf) },
      }
    case ChangeType.CHANGE_PROP: {
      const fields = change.changeFields
      return {
        operation: MUTATE_OPERATION.CHANGE_PROP,
        body: {
          elementToModify: refOf(fields.codebaseIdToChange),
          propName: fields.propName,
          propValue: fields.propValue,
        },
      }
    }
    case ChangeType.ADD_CLASS: {
      const fields = change.changeFields
      return {
        operation: MUTATE_OPERATION.ADD_CLASS,
        body: {
          reactElement: refOf(fields.codebaseIdToAddClass),
          className: fields.className,
          stylingFramework: fields.addingTailwindClass ? 'Tailwind' : null,
          modifiers: fields.modifiers,
          customProperties: fields.customProperties,
        },
      }
    }
    case ChangeType.REMOVE_CLASS:
      return {
        operation: MUTATE_OPERATION.REMOVE_CLASS,
        body: {
          reactElement: refOf(change.changeFields.codebaseIdToRemoveClass),
          className: change.changeFields.className,
        },
      }
    case ChangeType.UPDATE_CLASSES: {
      const fields = change.changeFields
      return {
        operation: MUTATE_OPERATION.UPDATE_CLASSES,
        body: {
          reactElement: refOf(fields.codebaseIdToUpdateClass),
          newClasses: fields.newClasses,
          oldClasses: fields.oldClasses,
          stylingFramework: stylingFramework === StylingFramework.TAILWIND ? StylingFramework.TAILWIND : null,
        },
      }
    }
    case ChangeType.EDIT_TEXT: {
      const fields = change.changeFields
      return {
        operation: MUTATE_OPERATION.EDIT_TEXT,
        body: {
          element: refOf(fields.codebaseIdToEditText),
          newText: fields.newText,
          oldText: fields.oldText,
        },
      }
    }
    case ChangeType.WRAP_DIV:
      return {
        operation: MUTATE_OPERATION.WRAP_DIV,
        body: { reactElements: change.changeFields.codebaseIdsToWrap.map(refOf) },
      }
    case ChangeType.DUPLICATE:
      return {
        operation: MUTATE_OPERATION.DUPLICATE,
        body: { reactElements: change.changeFields.codebaseIdsToDuplicate.map(refOf) },
      }
    case ChangeType.CHANGE_TAG:
      return {
        operation: MUTATE_OPERATION.CHANGE_TAG,
        body: {
          elementToModify: refOf(change.changeFields.codebaseIdToChange),
          newTag: change.changeFields.newTagName,
        },
      }
    case ChangeType.UNDO:
    case ChangeType.REDO:
    case ChangeType.UNKNOWN:
      throw new Error(`${change.type} has no mutate route`)
  }
}
