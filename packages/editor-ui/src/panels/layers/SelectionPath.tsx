import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { ChevronRight, Ellipsis } from 'lucide-react'
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react'
import type { ElementKey, NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { rowId } from '../layer-rows.ts'
import { type HiddenCrumbs, hiddenCrumbs } from './breadcrumb-fit.ts'
import { CutTooltip } from './CutTooltip.tsx'
import { iconOf } from './LayerRow.tsx'
import { useWidth } from './use-width.ts'

const CRUMB =
  'inline-flex h-5 shrink-0 items-center rounded px-1 text-[11px] outline-none hover:bg-[var(--hover)] hover:text-[var(--ink)] focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset'
const ITEM =
  'group flex h-7 cursor-default items-center gap-2 rounded px-2 text-[12px] outline-none data-[highlighted]:bg-[#1d6ad1] data-[highlighted]:text-white'
const ELLIPSIS_STOP = '…'

interface SelectionPathProps {
  nodes: readonly NavTreeNode[]
  /** The selection's path (layer-rows.ts, pathTo): node indexes from the top row to the selected element. */
  path: readonly number[]
  /** How many more elements are selected besides the one whose path this is. */
  more: number
  onSelect: (key: ElementKey) => void
  onHover: (key: ElementKey | null) => void
}

/**
 * The selection's path under the layers, one line of fixed height: a crumb per ancestor from the top
 * row down to the selected element, each selecting its element on a click or Enter (Left, Right, Home
 * and End move between them). A path too long for the panel gives way in the middle (breadcrumb-fit.ts)
 * behind an ellipsis whose menu lists the crumbs it hides; a cut name shows whole in a tooltip.
 */
export function SelectionPath({ nodes, path, more, onSelect, onHover }: SelectionPathProps) {
  const [listRef, width] = useWidth<HTMLOListElement>()
  const list = useRef<HTMLOListElement | null>(null)
  const measure = useRef<HTMLOListElement>(null)
  const ellipsis = useRef<HTMLButtonElement>(null)
  const [hidden, setHidden] = useState<HiddenCrumbs>({ from: 0, to: 0 })
  // The roving tab stop: the crumb the keyboard was last on, else the selected element's.
  const [stop, setStop] = useState<string | null>(null)
  // Escape on a crumb selects the parent (the editor's shortcut), whose crumb then takes the focus.
  const refocus = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: for a new path only
  useLayoutEffect(() => {
    if (!refocus.current) return
    refocus.current = false
    // Only if the focus went with the crumb (not if the user has since put it elsewhere).
    if (document.activeElement === document.body)
      list.current?.querySelector<HTMLButtonElement>('[aria-current]')?.focus()
  }, [path])

  // Every crumb is measured in a hidden copy of the line, before paint: the line never shows unfitted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the copy measured is drawn from nodes and path
  useLayoutEffect(() => {
    const widths = [...(measure.current?.children ?? [])].map((item) =>
      Math.ceil(item.getBoundingClientRect().width),
    )
    const ellipsisPx = widths.pop() ?? 0
    setHidden(width === null ? { from: 0, to: 0 } : hiddenCrumbs(widths, width, ellipsisPx))
  }, [nodes, path, width])

  const crumbs = path.flatMap((index) => {
    const node = nodes[index]
    return node ? [{ node, id: rowId(node.key) }] : []
  })
  const last = crumbs.at(-1)
  const folded = hidden.to > hidden.from && hidden.to <= crumbs.length - 1 ? hidden : null
  const shown = (at: number) => !folded || at < folded.from || at >= folded.to
  const stops = new Set(crumbs.filter((_, at) => shown(at)).map((crumb) => crumb.id))
  if (folded) stops.add(ELLIPSIS_STOP)
  const stopId = stop !== null && stops.has(stop) ? stop : last?.id

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    if (event.defaultPrevented) return
    if (event.key === 'Escape') refocus.current = true
    // Enter is the editor's 'edit text' shortcut too: on a crumb it is the crumb's, and only the crumb's.
    if (event.key === 'Enter' && event.target instanceof HTMLButtonElement) {
      event.preventDefault()
      event.target.click()
      return
    }
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>(':scope > li > button') ?? [])]
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
    const target =
      event.key === 'ArrowLeft'
        ? buttons[at - 1]
        : event.key === 'ArrowRight'
          ? buttons[at + 1]
          : event.key === 'Home'
            ? buttons[0]
            : event.key === 'End'
              ? buttons.at(-1)
              : undefined
    if (!target) return
    event.preventDefault()
    target.focus()
  }

  const crumb = (node: NavTreeNode, id: string, current: boolean, measuring = false) => (
    <button
      type="button"
      tabIndex={measuring || stopId !== id ? -1 : 0}
      aria-current={current && !measuring ? 'true' : undefined}
      className={`${CRUMB} ${current ? 'min-w-0 max-w-32 shrink font-medium' : 'max-w-20'} ${
        node.isComponent
          ? 'text-[var(--component-ink)]'
          : current
            ? 'text-[var(--ink)]'
            : 'text-[var(--ink-2)]'
      }`}
      onFocus={measuring ? undefined : () => setStop(id)}
      onClick={measuring ? undefined : () => onSelect(node.key)}
      onPointerEnter={measuring ? undefined : () => onHover(node.key)}
      onPointerLeave={measuring ? undefined : () => onHover(null)}
    >
      <span className="truncate">{node.name}</span>
    </button>
  )
  const separator = (
    <ChevronRight aria-hidden="true" size={10} className="mx-px shrink-0 text-[var(--ink-3)]" />
  )

  return (
    <nav
      aria-label="Selection path"
      className="relative flex h-7 shrink-0 items-center gap-1 border-[var(--line)] border-t px-1"
    >
      {crumbs.length === 0 ? (
        <span className="px-1 text-[11px] text-[var(--ink-3)]">No selection</span>
      ) : (
        <ol
          ref={(element) => {
            list.current = element
            return listRef(element)
          }}
          onKeyDown={onKeyDown}
          className="flex min-w-0 flex-1 items-center overflow-hidden whitespace-nowrap"
        >
          {crumbs.map(({ node, id }, at) => {
            if (!shown(at)) {
              if (at !== folded?.from) return null
              const fold = crumbs.slice(folded.from, folded.to)
              return (
                <li key={ELLIPSIS_STOP} className="flex shrink-0 items-center">
                  {at > 0 ? separator : null}
                  <DropdownMenu.Root>
                    <DropdownMenu.Trigger asChild>
                      <button
                        ref={ellipsis}
                        type="button"
                        tabIndex={stopId === ELLIPSIS_STOP ? 0 : -1}
                        aria-label={`${fold.length} more: ${fold.map((item) => item.node.name).join(', ')}`}
                        onFocus={() => setStop(ELLIPSIS_STOP)}
                        className={`${CRUMB} text-[var(--ink-2)] data-[state=open]:bg-[var(--selected)]`}
                      >
                        <Ellipsis aria-hidden="true" size={12} />
                      </button>
                    </DropdownMenu.Trigger>
                    <DropdownMenu.Portal>
                      <DropdownMenu.Content
                        side="top"
                        align="start"
                        sideOffset={4}
                        collisionPadding={8}
                        className="z-50 max-h-[60vh] min-w-40 max-w-80 overflow-auto rounded-md border border-[var(--line)] bg-[var(--chrome)] p-1 text-[var(--ink)] shadow-lg"
                        onCloseAutoFocus={(event) => {
                          // The chosen ancestor may fit without the ellipsis: its own crumb takes the focus.
                          if (ellipsis.current?.isConnected) return
                          event.preventDefault()
                          list.current?.querySelector<HTMLButtonElement>('[aria-current]')?.focus()
                        }}
                      >
                        {fold.map((item, offset) => {
                          const Icon = iconOf(item.node)
                          return (
                            <DropdownMenu.Item
                              key={item.id}
                              className={ITEM}
                              onSelect={() => onSelect(item.node.key)}
                            >
                              <Icon aria-hidden="true" size={12} className="shrink-0 opacity-70" />
                              <span data-crumb-name className="truncate">
                                {item.node.name}
                              </span>
                              <span
                                aria-hidden="true"
                                className="ml-auto pl-4 text-[10px] text-[var(--ink-3)] tabular-nums group-data-[highlighted]:text-white"
                              >
                                {at + offset + 1}
                              </span>
                            </DropdownMenu.Item>
                          )
                        })}
                      </DropdownMenu.Content>
                    </DropdownMenu.Portal>
                  </DropdownMenu.Root>
                </li>
              )
            }
            const current = at === crumbs.length - 1
            return (
              <li key={id} className={`flex items-center ${current ? 'min-w-0' : 'shrink-0'}`}>
                {at > 0 ? separator : null}
                <CutTooltip content={node.name}>{crumb(node, id, current)}</CutTooltip>
              </li>
            )
          })}
        </ol>
      )}
      {more > 0 ? (
        <span className="shrink-0 px-1 text-[11px] text-[var(--ink-3)]">
          +{more}
          <span className="sr-only"> more selected</span>
        </span>
      ) : null}
      {/* The same crumbs unfolded, out of sight, for their widths; then the ellipsis's. */}
      <ol
        ref={measure}
        aria-hidden="true"
        className="pointer-events-none invisible absolute top-0 left-0 flex w-max whitespace-nowrap"
      >
        {crumbs.map(({ node, id }, at) => (
          <li key={id} className="flex shrink-0 items-center">
            {at > 0 ? separator : null}
            {crumb(node, id, at === crumbs.length - 1, true)}
          </li>
        ))}
        <li className="flex shrink-0 items-center">
          {separator}
          <span className={CRUMB}>
            <Ellipsis size={12} />
          </span>
        </li>
      </ol>
    </nav>
  )
}
