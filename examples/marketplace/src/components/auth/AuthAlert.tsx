import { AlertCircle, CheckCircle2, Info } from 'lucide-react'
import type { ReactNode, Ref } from 'react'

interface AuthAlertProps {
  tone: 'error' | 'success' | 'info'
  children: ReactNode
  ref?: Ref<HTMLDivElement>
}

/** A form's outcome: errors are announced at once (role alert), the rest politely (role status). */
export function AuthAlert({ tone, children, ref }: AuthAlertProps) {
  if (tone === 'error') {
    return (
      <div
        ref={ref}
        role="alert"
        tabIndex={-1}
        className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 outline-none"
      >
        <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <div>{children}</div>
      </div>
    )
  }
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className={
        tone === 'success'
          ? 'flex items-start gap-2 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800 outline-none'
          : 'flex items-start gap-2 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900 outline-none'
      }
    >
      {tone === 'success' ? (
        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      ) : (
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      )}
      <div>{children}</div>
    </div>
  )
}
