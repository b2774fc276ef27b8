import { Command } from 'cmdk'
import { CornerDownLeft, Globe, History, type LucideIcon, Zap } from 'lucide-react'
import { type ReactNode, useMemo, useRef, useState } from 'react'
import {
  type ActionEntry,
  type ElementEntry,
  filterEntries,
  matchesRoute,
  type RouteEntry,
} from '../../features/palette-index.ts'
import { iconOf } from '../../panels/layers/LayerRow.tsx'

/** Elements a query shows at most: the palette jumps to an element by name, the layers list them all. */
const ELEMENTS_SHOWN = 25
/**
 * SLOT_KEYS: the rows are keyed by their place in the list, not by what they show. A keystroke changes
 * most of the rows' entries; keyed by entry, React would remove every row and make new ones (cmdk
 * registering each again, every icon drawn anew), which measured ~1 ms a row (bench/palette.ts); by
 * slot, it changes the text of the rows that stay. cmdk follows each row by its `value`.
 */

/** No entries (an address searches the routes only). */
const NONE = { shown: [], total: 0 } as const

/** Routes shown at most. */
const ROUTES_SHOWN = 12

export interface PaletteViewProps {
  actions: readonly ActionEntry[]
  elements: readonly ElementEntry[]
  routes: readonly RouteEntry[]
  onAction: (entry: ActionEntry) => void
  onElement: (entry: ElementEntry) => void
  /** Opens an address of the app (a route without parameters, a visited address, a typed path). */
  onAddress: (path: string) => void
  /** A line under the list (why the declared routes are missing, say); null for none. */
  notice?: string | null
}

const ITEM =
  'flex h-7 cursor-default select-none items-center gap-2 rounded px-2 text-[12px] text-[var(--ink)] outline-none data-[selected=true]:bg-[var(--selected)] data-[disabled=true]:opacity-50'
const GROUP =
  'px-1 pb-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:text-[var(--ink-3)]'
const MUTED = 'min-w-0 truncate text-[var(--ink-3)]'

/** A shortcut as keys: `⇧⌘Z`, `Ctrl+Shift+Z`. */
export function Keys({ shortcut }: { shortcut: string }) {
  return (
    <kbd className="ml-auto shrink-0 rounded border border-[var(--line)] bg-[var(--chrome-2)] px-1.5 font-sans text-[11px] text-[var(--ink-2)] leading-4">
      {shortcut}
    </kbd>
  )
}

function Icon({ icon: Glyph }: { icon: LucideIcon }) {
  return <Glyph className="size-3.5 shrink-0 text-[var(--ink-3)]" aria-hidden="true" />
}

/**
 * The text before the first parameter of a route (`/listing/:id` -> `/listing/`): choosing a route with
 * parameters types this, and the user types the rest.
 */
const routePrefix = (path: string) => {
  const at = path.search(/\/[:*]/)
  return at === -1 ? path : path.slice(0, at + 1)
}

/**
 * The palette's search field and list (app/palette/CommandPalette.tsx puts it in its dialog; the
 * palette benchmark renders it alone): cmdk for the field, the list's keyboard (arrows, Home/End,
 * Enter) and its ARIA, the filter ours (`shouldFilter={false}`, features/palette-index.ts). Groups:
 * Actions (with their shortcuts), Elements (name, its own text, its parents, file:line; at most
 * ELEMENTS_SHOWN, with how many more matched), Routes (visited addresses, declared routes; a typed
 * path opens as it is; a query that starts with `/` searches the routes only). A route with
 * parameters is not opened as written: choosing it types its path up to the first parameter, for the
 * user to finish.
 */
export function PaletteView({
  actions,
  elements,
  routes,
  onAction,
  onElement,
  onAddress,
  notice,
}: PaletteViewProps) {
  const [query, setQuery] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const typed = query.trim()
  // A query that starts with / is an address: only the routes are searched.
  const typedAddress = typed.startsWith('/') && !typed.startsWith('//') ? typed : null
  const shownActions = useMemo(
    () => (typedAddress ? NONE : filterEntries(actions, query, actions.length)),
    [actions, query, typedAddress],
  )
  const shownElements = useMemo(
    () => (typedAddress ? NONE : filterEntries(elements, query, ELEMENTS_SHOWN)),
    [elements, query, typedAddress],
  )
  const shownRoutes = useMemo(() => filterEntries(routes, query, ROUTES_SHOWN), [routes, query])
  const typedRoute = typedAddress
    ? routes.find((route) => route.location && matchesRoute(typedAddress, route.path))
    : undefined

  return (
    <Command
      label="Command palette"
      shouldFilter={false}
      vimBindings={false}
      loop
      className="flex max-h-[min(480px,70vh)] flex-col"
    >
      <div className="flex h-10 shrink-0 items-center gap-2 border-[var(--line)] border-b px-3">
        <Zap className="size-3.5 shrink-0 text-[var(--ink-3)]" aria-hidden="true" />
        <Command.Input
          ref={input}
          value={query}
          onValueChange={setQuery}
          placeholder="Run an action, jump to an element, open a route…"
          className="h-full min-w-0 flex-1 bg-transparent text-[13px] text-[var(--ink)] outline-none placeholder:text-[var(--ink-3)]"
        />
      </div>
      <Command.List className="min-h-0 flex-1 overflow-y-auto py-1" data-query={query}>
        <Command.Empty className="px-3 py-6 text-center text-[12px] text-[var(--ink-3)]">
          No action, element or route matches “{typed}”.
        </Command.Empty>
        {shownActions.shown.length > 0 ? (
          <Command.Group heading="Actions" className={GROUP}>
            {shownActions.shown.map((entry, slot) => (
              <Command.Item
                // biome-ignore lint/suspicious/noArrayIndexKey: by slot (see SLOT_KEYS)
                key={slot}
                value={`action:${entry.id}`}
                className={ITEM}
                onSelect={() => onAction(entry)}
              >
                <Icon icon={Zap} />
                <span className="min-w-0 truncate">{entry.title}</span>
                <span className={MUTED}>{entry.action.group}</span>
                {entry.shortcut ? <Keys shortcut={entry.shortcut} /> : null}
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        {shownElements.shown.length > 0 ? (
          <Command.Group heading="Elements" className={GROUP}>
            {shownElements.shown.map((entry, slot) => (
              <ElementItem
                // biome-ignore lint/suspicious/noArrayIndexKey: by slot (see SLOT_KEYS)
                key={slot}
                entry={entry}
                onSelect={onElement}
              />
            ))}
            {shownElements.total > shownElements.shown.length ? (
              <p className="px-2 py-1 text-[11px] text-[var(--ink-3)]">
                {(shownElements.total - shownElements.shown.length).toLocaleString('en')} more elements match:
                type more of the name to narrow them.
              </p>
            ) : null}
          </Command.Group>
        ) : null}
        {shownRoutes.shown.length > 0 || typedAddress ? (
          <Command.Group heading="Routes" className={GROUP}>
            {typedAddress && !shownRoutes.shown.some((entry) => entry.path === typedAddress) ? (
              <Command.Item
                value={`open:${typedAddress}`}
                className={ITEM}
                onSelect={() => onAddress(typedAddress)}
              >
                <Icon icon={CornerDownLeft} />
                <span className="min-w-0 truncate">Open {typedAddress}</span>
                {typedRoute ? <span className={MUTED}>{typedRoute.path}</span> : null}
              </Command.Item>
            ) : null}
            {shownRoutes.shown.map((entry, slot) => (
              <RouteItem
                // biome-ignore lint/suspicious/noArrayIndexKey: by slot (see SLOT_KEYS)
                key={slot}
                entry={entry}
                onOpen={onAddress}
                onFill={(path) => {
                  setQuery(routePrefix(path))
                  // Chosen with the pointer: the typing goes on in the field.
                  input.current?.focus()
                }}
              />
            ))}
          </Command.Group>
        ) : null}
      </Command.List>
      <footer className="flex h-7 shrink-0 items-center gap-3 border-[var(--line)] border-t px-3 text-[11px] text-[var(--ink-3)]">
        {notice ? <span className="min-w-0 truncate">{notice}</span> : null}
        <span className="ml-auto shrink-0">↑↓ move · ↵ run · Esc close</span>
      </footer>
    </Command>
  )
}

function ElementItem({ entry, onSelect }: { entry: ElementEntry; onSelect: (entry: ElementEntry) => void }) {
  return (
    <Command.Item
      value={`element:${entry.key.codebaseId}@${entry.key.uniquePath}`}
      className={ITEM}
      onSelect={() => onSelect(entry)}
    >
      <Icon icon={iconOf(entry.node)} />
      <span className={`shrink-0 ${entry.node.isComponent ? 'text-[var(--component-ink)]' : ''}`}>
        {entry.title}
      </span>
      {entry.hint ? <span className={MUTED}>{entry.hint}</span> : null}
      <span className="ml-auto flex min-w-0 shrink items-center gap-2 pl-2 text-[11px] text-[var(--ink-3)]">
        {entry.parents ? <span className="min-w-0 truncate">in {entry.parents}</span> : null}
        {entry.location ? <span className="shrink-0">{entry.location}</span> : null}
      </span>
    </Command.Item>
  )
}

function RouteItem({
  entry,
  onOpen,
  onFill,
}: {
  entry: RouteEntry
  onOpen: (path: string) => void
  onFill: (path: string) => void
}) {
  const fill = entry.params.length > 0
  let label: ReactNode = entry.path
  if (fill)
    label = entry.path.split(/(\/[:*][^/]*)/).map((part, index) =>
      /^\/[:*]/.test(part) ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one path, in a fixed order
        <span key={index}>
          /<span className="text-[var(--accent-ink)]">{part.slice(1)}</span>
        </span>
      ) : (
        part
      ),
    )
  return (
    <Command.Item
      value={`route:${entry.path}`}
      className={ITEM}
      onSelect={() => (fill ? onFill(entry.path) : onOpen(entry.path))}
    >
      <Icon icon={entry.location ? Globe : History} />
      <span className="min-w-0 truncate">{label}</span>
      <span className={MUTED}>
        {fill
          ? `fill in ${entry.params.map((param) => (param === '*' ? 'the rest' : `:${param}`)).join(', ')}`
          : entry.location
            ? ''
            : 'visited'}
      </span>
      {entry.location ? (
        <span className="ml-auto shrink-0 pl-2 text-[11px] text-[var(--ink-3)]">{entry.location}</span>
      ) : null}
    </Command.Item>
  )
}
