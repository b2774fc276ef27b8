import type { MouseEvent } from 'react'
import type { CodePlace } from 'vite-plugin-visual-edit/protocol'
import type { EditorSession } from '../session/editor-session.ts'

/**
 * A click on a link to `openInEditorHref(place)`: asks the dev server (Vite's launch-editor route) to
 * open the file in the user's code editor instead of following the link; a failure is a toast that
 * says how to set the editor up.
 */
export function openInCodeEditor(
  event: MouseEvent<HTMLAnchorElement>,
  place: CodePlace,
  session: Pick<EditorSession, 'toast'>,
): void {
  event.preventDefault()
  fetch(event.currentTarget.href)
    .then((response) => {
      if (!response.ok) throw new Error(`the dev server answered ${response.status}`)
    })
    .catch((error: Error) =>
      session.toast({
        kind: 'error',
        title: `Could not open ${place.file} in your editor.`,
        detail: `${error.message}. Set the LAUNCH_EDITOR variable (for example to code) before starting visual-edit.`,
      }),
    )
}
