import {
  ChevronRight,
  Component,
  Image,
  Link,
  List,
  type LucideIcon,
  RectangleHorizontal,
  Square,
  TextCursorInput,
  Type,
} from 'lucide-react'
import type { NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { INDENT_PX, type LayerRow as Layer, ROW_PX, rowHint } from '../layer-rows.ts'
import { CutTooltip } from './CutTooltip.tsx'

const TEXT_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'span', 'label', 'strong', 'em', 'small'])

/** The lucide icon of a node: components, text, media, links, lists, buttons, fields, boxes. */
export function iconOf(node: NavTreeNode): LucideIcon {
  if (node.isComponent) return Component
  const tag = node.elementTagName.toLowerCase()
  if (TEXT_TAGS.has(tag)) return Type
  if (tag === 'img' || tag === 'svg' || tag === 'picture' || tag === 'video') return Image
  if (tag === 'a') return Link
  if (tag === 'ul' || tag === 'ol' || tag === 'li') return List
  if (tag === 'button') return RectangleHorizontal
  if (tag === 'input' || tag === 'textarea' || tag === 'select') return TextCursorInput
  return Square
}

/** The DOM id of a row (for aria-activedescendant): row ids hold only id-safe characters but '@'. */
export const domId = (id: string) => `layer-${id.replace(/[^\w-]/g, '_')}`

interface RowProps {
  row: Layer
  top: number
  /** The deepest indentation of the list (layer-rows.ts, indentCap): deeper rows stay there. */
  indentCap: number
  selected: boolean
  hovered: boolean
  dragged: boolean
  /** Show the full name now if it is cut: the row is the selection and the user moves by the keyboard. */
  keyboardTip: boolean
  /** Escape on the keyboard's tooltip: no more of them until the next key. */
  onTipDismiss: () => void
  onPress: (x: number, y: number) => void
  onHover: () => void
  onChoose: (shift: boolean) => void
  onToggle: () => void
  onMenu: (x: number, y: number) => void
}

/**
 * One row of the layers: chevron, icon, name and the element's own text. Its indentation stops at the
 * list's cap; a row past it shows its level in the last step of the indentation instead. The name
 * gives way only to the cap's ten characters, the hint first; a cut name shows whole in a tooltip on
 * hover, or when the keyboard brings the selection to it. (Its paddings, chevron, gaps and icon are
 * the widths layer-rows.ts counts in ROW_CHROME_PX: change them together.)
 */
export function LayerRow({
  row,
  top,
  indentCap,
  selected,
  hovered,
  dragged,
  keyboardTip,
  onTipDismiss,
  onPress,
  onHover,
  onChoose,
  onToggle,
  onMenu,
}: RowProps) {
  const Icon = iconOf(row.node)
  const hint = rowHint(row.node)
  const component = row.node.isComponent
  const indent = 4 + Math.min(row.depth, indentCap) * INDENT_PX
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree takes the keys for its rows (aria-activedescendant)
    <div
      id={domId(row.id)}
      role="treeitem"
      aria-level={row.depth + 1}
      aria-expanded={row.hasChildren ? row.open : undefined}
      aria-selected={selected}
      data-codebase-id={row.node.key.codebaseId}
      data-hovered={hovered || undefined}
      tabIndex={-1}
      data-dragged={dragged || undefined}
      onPointerEnter={onHover}
      onPointerDown={(event) => {
        if (event.button === 0 && event.isPrimary) onPress(event.clientX, event.clientY)
      }}
      onClick={(event) => onChoose(event.shiftKey)}
      onContextMenu={(event) => {
        event.preventDefault()
        onMenu(event.clientX, event.clientY)
      }}
      className={`absolute inset-x-0 flex cursor-default items-center gap-1 pr-2 text-[12px] select-none ${
        selected
          ? 'bg-[var(--selected)] text-[var(--ink)]'
          : hovered
            ? 'bg-[var(--hover)] text-[var(--ink)]'
            : 'text-[var(--ink-2)]'
      } ${hovered && !selected ? 'shadow-[inset_0_0_0_1px_var(--color-accent)]' : ''} ${dragged ? 'opacity-50' : ''}`}
      style={{ top, height: ROW_PX, paddingLeft: indent }}
    >
      {row.depth > indentCap ? (
        <span
          aria-hidden="true"
          data-layer-level
          className="absolute text-right text-[10px] text-[var(--ink-3)] tabular-nums leading-none"
          style={{ left: indent - INDENT_PX - 3, width: INDENT_PX + 1 }}
        >
          {row.depth + 1}
        </span>
      ) : null}
      <span
        aria-hidden="true"
        className={`flex size-4 shrink-0 items-center justify-center rounded-sm text-[var(--ink-3)] ${row.hasChildren ? 'hover:bg-[var(--hover)] hover:text-[var(--ink)]' : 'invisible'}`}
        onClick={(event) => {
          event.stopPropagation()
          onToggle()
        }}
      >
        <ChevronRight size={12} className={row.open ? 'rotate-90' : ''} />
      </span>
      <Icon
        aria-hidden="true"
        data-layer-icon
        size={12}
        className={`shrink-0 ${component ? 'text-[var(--component-ink)]' : 'text-[var(--ink-3)]'}`}
      />
      <CutTooltip
        keyboard={keyboardTip}
        onDismiss={onTipDismiss}
        content={
          <>
            {row.node.name}
            {hint ? <span className="ml-2 opacity-70">{hint}</span> : null}
          </>
        }
      >
        <span className="flex min-w-0 flex-1 items-center gap-1">
          <span
            data-layer-name
            className={`min-w-0 truncate ${component ? 'font-medium text-[var(--component-ink)]' : ''}`}
          >
            {row.node.name}
          </span>
          {hint ? (
            <span className="min-w-0 flex-1 truncate text-[11px] text-[var(--ink-3)]">{hint}</span>
          ) : null}
        </span>
      </CutTooltip>
    </div>
  )
}
