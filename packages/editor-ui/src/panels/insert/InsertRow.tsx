import {
  Component,
  Heading1,
  Image,
  Link,
  type LucideIcon,
  RectangleHorizontal,
  Square,
  Type,
} from 'lucide-react'
import type { InsertItem } from '../../features/insert-catalog.ts'

/** One row of the list: 28 px. */
export const INSERT_ROW_PX = 28

const ICONS: Readonly<Record<string, LucideIcon>> = {
  div: Square,
  p: Type,
  h2: Heading1,
  button: RectangleHorizontal,
  img: Image,
  a: Link,
}

/** The DOM id of an entry's option (the list's aria-activedescendant). */
export const optionId = (item: InsertItem) => `insert-option-${item.id.replace(/[^A-Za-z0-9_-]/g, '_')}`

/**
 * An entry: its icon, its name, and for a component where it is defined (file:line, cut from the left
 * when the panel is narrow; whole in its title). A press may become a drag (the Insert feature follows
 * it); a click inserts.
 */
export function InsertRow({
  item,
  top,
  active,
  onPress,
  onChoose,
  onHover,
}: {
  item: InsertItem
  top: number
  active: boolean
  onPress: (x: number, y: number) => void
  onChoose: () => void
  onHover: () => void
}) {
  const Icon = item.kind === 'native' ? (ICONS[item.tag] ?? Square) : Component
  const where = item.kind === 'component' ? `${item.component.file}:${item.component.line}` : `<${item.tag}>`
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the list's input holds the focus and points at the active option (aria-activedescendant)
    // biome-ignore lint/a11y/useKeyWithClickEvents: the list's input takes the keys (arrows, Enter) for every option
    <div
      id={optionId(item)}
      role="option"
      aria-selected={active}
      title={item.kind === 'component' ? `${item.label} (${where})` : undefined}
      data-insert-item={item.id}
      onPointerDown={(event) => {
        if (event.button !== 0) return
        event.preventDefault()
        onPress(event.clientX, event.clientY)
      }}
      onPointerEnter={onHover}
      onClick={onChoose}
      className={`absolute inset-x-1 flex cursor-grab items-center gap-2 rounded px-2 text-[12px] text-[var(--ink)] ${
        active ? 'bg-[var(--selected)]' : 'hover:bg-[var(--hover)]'
      }`}
      style={{ top, height: INSERT_ROW_PX }}
    >
      <Icon
        aria-hidden="true"
        size={14}
        className={item.kind === 'component' ? 'shrink-0 text-[#6183e4]' : 'shrink-0 text-[var(--ink-2)]'}
      />
      <span className="shrink-0 truncate">{item.label}</span>
      <span
        className="ml-auto min-w-0 truncate text-right font-mono text-[11px] text-[var(--ink-3)] [direction:rtl]"
        aria-hidden={item.kind === 'native' ? 'true' : undefined}
      >
        <bdi>{where}</bdi>
      </span>
    </div>
  )
}
