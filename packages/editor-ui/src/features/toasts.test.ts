import { describe, expect, test } from 'vitest'
import { ServerError } from '../api/server-api.ts'
import { failureToast } from './toasts.ts'

describe('what a failed change tells the user', () => {
  test.each(['FILE_CHANGED', 'STALE_ELEMENT', 'TEXT_MISMATCH', 'CLASSES_MISMATCH'])(
    '409 %s: the file changed on disk, the view is refreshed, try again',
    (code) => {
      expect(failureToast('Edit text', new ServerError(409, code, 'the server says'))).toEqual({
        kind: 'error',
        title: 'Edit text did not apply: the file changed on disk.',
        detail: 'The view is refreshed with the code as it is now; try again.',
      })
    },
  )

  test("422: the server's reason is the detail", () => {
    const reason = "'text-nonsense' is not a class Tailwind generates for this project. Check the spelling."
    expect(failureToast('Edit classes', new ServerError(422, 'INVALID_VALUE', reason))).toEqual({
      kind: 'error',
      title: 'Edit classes did not apply.',
      detail: reason,
    })
  })

  test.each(['FORBIDDEN_TOKEN', 'FORBIDDEN_ORIGIN', 'FORBIDDEN_HOST', 'FORBIDDEN_PEER'])(
    '403 %s: the session expired, reload',
    (code) => {
      expect(failureToast('Delete', new ServerError(403, code, 'no'))).toMatchObject({
        kind: 'error',
        title: 'The editing session expired.',
        detail: expect.stringContaining('Reload the editor page'),
      })
    },
  )

  test('an element no longer in the code, nothing to undo, and a network failure', () => {
    expect(failureToast('Wrap in div', new ServerError(404, 'UNKNOWN_ELEMENT', 'gone'))).toMatchObject({
      title: 'Wrap in div did not apply: the element is no longer in the code.',
    })
    expect(failureToast('Undo', new ServerError(409, 'NOTHING_TO_UNDO', 'Nothing to undo.'))).toEqual({
      kind: 'info',
      title: 'Nothing to undo.',
    })
    expect(failureToast('Duplicate', new TypeError('Failed to fetch'))).toEqual({
      kind: 'error',
      title: 'Duplicate did not apply: the dev server did not answer.',
      detail: 'Check that visual-edit edit is still running in your terminal, then try again.',
    })
    expect(failureToast('Duplicate', new Error('Unsupported operation'))).toEqual({
      kind: 'error',
      title: 'Duplicate did not apply.',
      detail: 'Unsupported operation',
    })
  })
})
