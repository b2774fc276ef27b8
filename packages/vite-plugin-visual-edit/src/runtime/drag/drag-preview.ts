import type { PreviewPlacement } from '../../protocol/drag.ts'
import type { ElementKey } from '../../protocol/element-key.ts'
import { CODEBASE_ID_ATTRIBUTE } from '../../protocol/ids.ts'
import type { NavTree } from '../tree/nav-tree.ts'

/** Marks what a drag preview put in the page (clones, the placeholder div) and what it hid. */
const DRAG_PREVIEW_ATTRIBUTE = 'data-visual-edit-drag-preview'

export interface DragPreview {
  /** Shows `key` at `placement` (tempMoveElement, tempMoveToNewParent); false when either is not in the page. */
  move(key: ElementKey, placement: PreviewPlacement): boolean
  /** Shows an empty div of `size` page px at `placement` (tempAddDiv: where a new element would go). */
  addDiv(placement: PreviewPlacement, size?: { width?: number; height?: number }): boolean
  /** Takes every preview out and shows what it hid. */
  clear(): boolean
}

/**
 * Temporary previews of where a dragged element would go. React owns the page's nodes and would throw
 * re-rendering one that was moved, so a preview never moves them: the element is hidden (inline
 * `display: none`, restored after) and a marked, inert clone stands where it would land.
 *
 *   <ul><li a/><li b/></ul>  + move(a, after b)
 *   becomes  <ul><li a hidden/><li b/><li a' preview/></ul>
 */
export function createDragPreview(doc: Document, tree: Pick<NavTree, 'elementsOf'>): DragPreview {
  const inserted: Element[] = []
  const hidden: { element: HTMLElement; display: string; priority: string }[] = []

  const first = (key: ElementKey | null | undefined) => (key ? (tree.elementsOf(key)[0] ?? null) : null)

  /** Puts `node` at `placement`; false when its parent or the sibling named is not in the page. */
  const place = (node: Element, placement: PreviewPlacement): boolean => {
    const parent = first(placement.parent)
    if (!parent) return false
    const before = first(placement.before)
    const after = first(placement.after)
    if (placement.before && before?.parentNode) before.parentNode.insertBefore(node, before)
    else if (placement.after && after?.parentNode) after.parentNode.insertBefore(node, after.nextSibling)
    else if (placement.before || placement.after) return false
    else parent.appendChild(node)
    inserted.push(node)
    return true
  }

  const mark = (node: Element) => {
    node.setAttribute(DRAG_PREVIEW_ATTRIBUTE, '')
    // The clone is the element's look, not the element: no id the tree or the selection would follow.
    node.removeAttribute(CODEBASE_ID_ATTRIBUTE)
    for (const child of node.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}]`))
      child.removeAttribute(CODEBASE_ID_ATTRIBUTE)
    ;(node as HTMLElement).inert = true
    return node
  }

  const clear = () => {
    const had = inserted.length > 0 || hidden.length > 0
    for (const node of inserted.splice(0)) node.remove()
    for (const { element, display, priority } of hidden.splice(0)) {
      if (display) element.style.setProperty('display', display, priority)
      else element.style.removeProperty('display')
    }
    return had
  }

  return {
    move(key, placement) {
      clear()
      const elements = tree.elementsOf(key).filter((element) => element.isConnected)
      const source = elements[0]
      if (!source) return false
      const clone = mark(source.cloneNode(true) as Element)
      if (!place(clone, placement)) return false
      for (const element of elements) {
        const style = (element as HTMLElement).style
        if (!style) continue
        hidden.push({
          element: element as HTMLElement,
          display: style.getPropertyValue('display'),
          priority: style.getPropertyPriority('display'),
        })
        style.setProperty('display', 'none', 'important')
      }
      return true
    },

    addDiv(placement, size = {}) {
      clear()
      const div = mark(doc.createElement('div'))
      const style = (div as HTMLElement).style
      style.setProperty('min-width', `${Math.max(0, size.width ?? 0)}px`)
      style.setProperty('min-height', `${Math.max(0, size.height ?? 24)}px`)
      style.setProperty('outline', '1px dashed #4597F7')
      style.setProperty('box-sizing', 'border-box')
      return place(div, placement)
    },

    clear,
  }
}
