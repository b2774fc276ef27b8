import type { CodePlace } from 'vite-plugin-visual-edit/protocol'
import { useSession } from '../../session/session-context.tsx'
import { openInEditorHref } from '../element-fields.ts'

/**
 * Where something is written (`src/App.tsx:12`), as a link that opens it in the user's code editor
 * (Vite's launch-editor route); a failure says how to set the editor up.
 */
export function CodeLink({ at, className = '' }: { at: CodePlace; className?: string }) {
  const session = useSession()
  const file = at.file.split('/').at(-1) ?? at.file
  return (
    <a
      href={openInEditorHref(at)}
      title={`Open ${at.file}:${at.line} in your code editor`}
      onClick={(event) => {
        event.preventDefault()
        fetch(event.currentTarget.href)
          .then((response) => {
            if (!response.ok) throw new Error(`the dev server answered ${response.status}`)
          })
          .catch((error: Error) =>
            session.toast({
              kind: 'error',
              title: `Could not open ${at.file} in your editor.`,
              detail: `${error.message}. Set the LAUNCH_EDITOR variable (for example to code) before starting visual-edit.`,
            }),
          )
      }}
      className={`w-fit max-w-full truncate rounded font-mono text-[11px] text-[var(--ink-2)] outline-none hover:text-[var(--accent-ink)] hover:underline focus-visible:ring-2 focus-visible:ring-accent ${className}`}
    >
      {file}:{at.line}
    </a>
  )
}
