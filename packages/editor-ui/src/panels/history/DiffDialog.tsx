import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { HistoryFileView } from 'vite-plugin-visual-edit/protocol'
import type { HistoryRow } from '../../features/history-rows.ts'
import { StateBadge } from './StateBadge.tsx'

/** A diff line's colours by its first character (`+` added, `-` removed, `@` a hunk's header). */
function lineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---')) return 'text-[var(--ink-2)]'
  if (line.startsWith('+'))
    return 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200'
  if (line.startsWith('-')) return 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-200'
  if (line.startsWith('@@')) return 'text-[var(--accent-ink)]'
  return 'text-[var(--ink)]'
}

const CHANGE_WORD: Readonly<Record<HistoryFileView['change'], string>> = {
  modified: 'changed',
  created: 'created',
  deleted: 'deleted',
}

/** One file's diff: its path, what happened to it, its lines added and removed, then the diff itself. */
function FileDiff({ file }: { file: HistoryFileView }) {
  const lines = file.diff === null ? [] : file.diff.replace(/\n$/, '').split('\n')
  return (
    <section aria-label={file.path} className="border-[var(--line)] border-t first:border-t-0">
      <header className="sticky top-0 flex h-7 items-center gap-2 bg-[var(--chrome-2)] px-3 text-[12px]">
        <span className="min-w-0 flex-1 truncate font-medium" title={file.path}>
          {file.path}
        </span>
        <span className="shrink-0 text-[var(--ink-2)]">{CHANGE_WORD[file.change]}</span>
        <span className="shrink-0 text-emerald-800 dark:text-emerald-300">+{file.added}</span>
        <span className="shrink-0 text-red-800 dark:text-red-300">−{file.removed}</span>
      </header>
      {lines.length > 0 ? (
        <pre className="m-0 overflow-x-auto py-1 font-mono text-[12px] leading-[18px]">
          {lines.map((line, index) => (
            // Lines of a fixed diff: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={index} className={`min-w-max px-3 ${lineClass(line)}`}>
              {line || ' '}
            </div>
          ))}
        </pre>
      ) : null}
      {file.note ? <p className="m-0 px-3 py-1.5 text-[12px] text-[var(--ink-2)]">{file.note}</p> : null}
    </section>
  )
}

/**
 * What a change wrote, as unified diffs of each of its files (computed by the server, cut when long),
 * in a Radix Dialog: Escape or the close button ends it and the focus goes back to where it was.
 */
export function DiffDialog({ row, onClose }: { row: HistoryRow | null; onClose: () => void }) {
  return (
    <Dialog.Root open={row !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[80vh] w-[min(960px,92vw)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-md border border-[var(--line)] bg-[var(--chrome)] text-[var(--ink)] shadow-xl outline-none">
          <header className="flex h-10 shrink-0 items-center gap-2 border-[var(--line)] border-b px-3">
            {row ? <StateBadge state={row.state} /> : null}
            <Dialog.Title className="m-0 min-w-0 flex-1 truncate font-semibold text-[13px]">
              {row?.name}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex size-7 items-center justify-center rounded text-[var(--ink-2)] outline-none hover:bg-[var(--hover)] hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent"
            >
              <X className="size-4" />
            </Dialog.Close>
          </header>
          <Dialog.Description className="m-0 shrink-0 px-3 py-1.5 text-[12px] text-[var(--ink-2)]">
            {row
              ? `${row.files.length === 1 ? 'One file' : `${row.files.length} files`}, written at ${new Date(row.at).toLocaleTimeString()}`
              : ''}
          </Dialog.Description>
          <div className="min-h-0 flex-1 overflow-auto border-[var(--line)] border-t">
            {row?.files.map((file, index) => (
              // A step of several entries may write one file more than once: each is its own diff.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <FileDiff key={`${file.path}-${index}`} file={file} />
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
