import { useState } from "react"

type Props = { title: string; onInvite(): void }

// The bar above every page. Keeps the invite button and the account menu.
export function TopBar({ title, onInvite }: Props) {
  const [menuOpen, setMenuOpen] = useState<boolean>(false)

  return <header className="sticky top-0 z-10 flex h-14 items-center justify-between border-b border-gray-200 bg-white/80 px-6 backdrop-blur">
    <h1 className="text-base font-semibold">{title}</h1>
    <div className="relative flex items-center gap-3">
      <button type="button" onClick={onInvite}
        className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-500">
        Invite teammate
      </button>
      <button
        type="button"
        aria-expanded={menuOpen}
        onClick={() => setMenuOpen(open => !open)}
        className="grid h-8 w-8 place-items-center rounded-full bg-gray-200 text-xs font-semibold"
      >JD</button>
      {menuOpen &&
        <ul role="menu" className="absolute right-0 top-10 w-40 rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg">
          <li role="menuitem" className="px-3 py-1.5 hover:bg-gray-50">Profile</li>
          <li role="menuitem" className="px-3 py-1.5 hover:bg-gray-50">Sign out</li>
        </ul>
      }
    </div>
  </header>
}
