import { ServerError } from '../api/server-api.ts'

export interface Toast {
  id: number
  kind: 'error' | 'success' | 'info'
  /** One line: what happened. */
  title: string
  /** What to do about it, when there is something. */
  detail?: string
}

/**
 * What the user reads when a change fails: what happened and what to do, never a silent no-op
 * (docs/EDITOR.md, Errors). The server's own message is kept where it is the reason (422).
 */
export function failureToast(action: string, error: unknown): Omit<Toast, 'id'> {
  if (error instanceof ServerError) {
    // Undo and redo put back bytes they recorded: a file changed since (another editor, the AI) stays
    // changed, and trying again cannot help.
    if (error.code === 'FILE_CHANGED' && (action.startsWith('Undo') || action.startsWith('Redo')))
      return {
        kind: 'error',
        title: `${action} did not apply: a file changed since that edit.`,
        detail: `${error.message} Put the file back as it was (your code editor's undo or git) to ${action.toLowerCase().startsWith('undo') ? 'undo' : 'redo'} it here, or change it by hand.`,
      }
    switch (error.code) {
      case 'FILE_CHANGED':
      case 'STALE_ELEMENT':
      case 'TEXT_MISMATCH':
      case 'CLASSES_MISMATCH':
        return {
          kind: 'error',
          title: `${action} did not apply: the file changed on disk.`,
          detail: 'The view is refreshed with the code as it is now; try again.',
        }
      case 'UNKNOWN_ELEMENT':
        return {
          kind: 'error',
          title: `${action} did not apply: the element is no longer in the code.`,
          detail: 'The view is refreshed; select it again.',
        }
      case 'NOTHING_TO_UNDO':
      case 'NOTHING_TO_REDO':
        return { kind: 'info', title: error.message }
      case 'FORBIDDEN_TOKEN':
      case 'FORBIDDEN_ORIGIN':
      case 'FORBIDDEN_HOST':
      case 'FORBIDDEN_PEER':
        return {
          kind: 'error',
          title: 'The editing session expired.',
          detail: 'Reload the editor page (the dev server restarted or the page came from elsewhere).',
        }
      default:
        return { kind: 'error', title: `${action} did not apply.`, detail: error.message }
    }
  }
  // fetch() rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError)
    return {
      kind: 'error',
      title: `${action} did not apply: the dev server did not answer.`,
      detail: 'Check that visual-edit edit is still running in your terminal, then try again.',
    }
  return {
    kind: 'error',
    title: `${action} did not apply.`,
    detail: error instanceof Error ? error.message : String(error),
  }
}
