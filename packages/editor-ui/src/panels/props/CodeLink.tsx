import type { CodePlace } from 'vite-plugin-visual-edit/protocol'
import { useSession } from '../../session/session-context.tsx'
import { openInEditorHref } from '../element-fields.ts'
import { openInCodeEditor } from '../open-in-editor.ts'

/**
 * Where something is written (`src/App.tsx:12`), as a link that opens it in the user's code editor
 * (`openInCodeEditor`).
 */
export function CodeLink({ at, className = '' }: { at: CodePlace; className?: string }) {
  const session = useSession()
  const file = at.file.split('/').at(-1) ?? at.file
  return (
    <a
      href={openInEditorHref(at)}
      title={`Open ${at.file}:${at.line} in your code editor`}
      onClick={(event) => openInCodeEditor(event, at, session)}
      className={`w-fit max-w-full truncate rounded font-mono text-[11px] text-[var(--ink-2)] outline-none hover:text-[var(--accent-ink)] hover:underline focus-visible:ring-2 focus-visible:ring-accent ${className}`}
    >
      {file}:{at.line}
    </a>
  )
}
