import type { PropsWithChildren } from "react";

type EmptyStateProps = PropsWithChildren<{
  title: string;
  hint?: string;
}>;

/**
 * What a list shows when it has nothing to show.
 */
export const EmptyState = ({ title, hint, children }: EmptyStateProps) => (
  <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-gray-300 px-6 py-12 text-center">
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 text-gray-300" fill="none" stroke="currentColor" strokeWidth={1.5}>
      <path strokeLinecap="round" strokeLinejoin="round" d="M3 7h18M3 12h18M3 17h12" />
    </svg>
    <h3 className="mt-3 text-sm font-semibold text-gray-900">{title}</h3>
    {hint && <p className="mt-1 text-sm text-gray-500">{hint}</p>}
    {children}
  </div>
);
