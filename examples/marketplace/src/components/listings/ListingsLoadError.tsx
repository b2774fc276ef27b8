import { RefreshCw, TriangleAlert } from 'lucide-react'

interface ListingsLoadErrorProps {
  /** What failed, as the store said it. */
  message: string
  onRetry: () => void
  /** The heading, for what else failed to load ('The users could not be loaded'). */
  title?: string
}

/** Where listings (or another screen's rows, by `title`) would be, when reading them failed: why, and a way to try again. */
export function ListingsLoadError({
  message,
  onRetry,
  title = 'The listings could not be loaded',
}: ListingsLoadErrorProps) {
  return (
    <div
      role="alert"
      data-testid="listings-load-error"
      className="flex flex-col items-center rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <TriangleAlert className="h-10 w-10 text-red-500" aria-hidden="true" />
      <p className="mt-3 font-semibold text-gray-900">{title}</p>
      <p className="mt-1 max-w-prose text-sm text-gray-700">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-5 inline-flex items-center gap-2 rounded-md bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
      >
        <RefreshCw className="h-4 w-4" aria-hidden="true" />
        Try again
      </button>
    </div>
  )
}
