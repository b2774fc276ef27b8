import * as Toast from '@radix-ui/react-toast'
import { X } from 'lucide-react'
import { useEditorState, useSession } from '../session/session-context.tsx'

/** Bottom right, one line each with the fix; errors stay until dismissed, the rest go after 3 s. */
export function Toasts() {
  const session = useSession()
  const toasts = useEditorState((state) => state.toasts)
  return (
    <Toast.Provider swipeDirection="right">
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          type={toast.kind === 'error' ? 'foreground' : 'background'}
          duration={toast.kind === 'error' ? Number.POSITIVE_INFINITY : 3000}
          onOpenChange={(open) => {
            if (!open) session.dismissToast(toast.id)
          }}
          className={`flex w-[360px] items-start gap-2 rounded-md border bg-[var(--chrome)] px-3 py-2 shadow-lg data-[state=closed]:animate-out data-[state=open]:animate-in ${toast.kind === 'error' ? 'border-red-300 dark:border-red-900' : 'border-[var(--line)]'}`}
        >
          <span
            aria-hidden="true"
            className={`mt-1 inline-block size-1.5 shrink-0 rounded-full ${toast.kind === 'error' ? 'bg-red-500' : toast.kind === 'success' ? 'bg-emerald-500' : 'bg-accent'}`}
          />
          <div className="min-w-0 flex-1">
            <Toast.Title className="text-[12px] font-medium text-[var(--ink)]">{toast.title}</Toast.Title>
            {toast.detail ? (
              <Toast.Description className="mt-0.5 text-[11px] text-[var(--ink-2)]">
                {toast.detail}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Dismiss"
            className="rounded p-0.5 text-[var(--ink-3)] outline-none hover:bg-[var(--hover)] focus-visible:ring-2 focus-visible:ring-accent"
          >
            <X className="size-3.5" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-3 bottom-8 z-50 flex flex-col gap-2 outline-none" />
    </Toast.Provider>
  )
}
