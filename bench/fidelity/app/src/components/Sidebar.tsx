import type { ReactNode } from "react";

export interface NavItem {
  id: "overview" | "customers" | "billing" | "settings";
  label: string;
  /** Unread count shown as a pill; hidden when zero or missing. */
  badge?: number;
}

interface SidebarProps {
  items: NavItem[];
  active: NavItem["id"];
  onSelect: (id: NavItem["id"]) => void;
  footer?: ReactNode;
}

export function Sidebar({ items, active, onSelect, footer }: SidebarProps) {
  return (
    <aside className="hidden w-60 shrink-0 flex-col border-r border-gray-200 bg-white px-3 py-4 md:flex">
      <div className="mb-6 flex items-center gap-2 px-2">
        <span className="grid h-8 w-8 place-items-center rounded-lg bg-indigo-600 text-sm font-bold text-white">A</span>
        <span className="text-base font-semibold tracking-tight">Acme</span>
      </div>
      <nav aria-label="Primary">
        <ul className="space-y-1">
          {items.map((item) => {
            const selected = item.id === active;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onSelect(item.id)}
                  aria-current={selected ? "page" : undefined}
                  className={
                    selected
                      ? "flex w-full items-center justify-between rounded-md bg-indigo-50 px-2 py-1.5 text-sm font-medium text-indigo-700"
                      : "flex w-full items-center justify-between rounded-md px-2 py-1.5 text-sm text-gray-600 hover:bg-gray-100 hover:text-gray-900"
                  }
                >
                  {item.label}
                  {item.badge ? <span className="rounded-full bg-indigo-100 px-2 text-xs text-indigo-700">{item.badge}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* Pushes the footer to the bottom of the column. */}
      <div className="flex-1" />
      {footer ?? (
        <p className="px-2 text-xs text-gray-400">
          v2.14.0 &middot; <a href="/changelog" className="underline hover:text-gray-600">What's new</a>
        </p>
      )}
    </aside>
  );
}
