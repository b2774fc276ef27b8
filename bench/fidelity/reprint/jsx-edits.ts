/**
 * The reprinting editor's edits: each task's change made on the Babel tree, as an AST-based editor
 * makes it (set an attribute's value, splice a child, swap a node for a wrapper), and its inverse,
 * which that editor's undo applies to the tree parsed from the printed file. Elements are found in the
 * original tree by the offsets the element index gives, and in the printed one by ordinal (jsx-tree.ts).
 *
 * Where the mutate API decides what it writes (the Tailwind class for a CSS value, the source of an
 * added element, a copy with its `-copy` key), the reprint takes that node from our result, so both
 * make the same change and only how the rest of the file is treated differs.
 */
import { types as t } from '@babel/core'
import { DELETE_STYLE_CONSTANT } from '../../../packages/vite-plugin-visual-edit/src/protocol/styling.ts'
import { cssPropertyName } from '../../../packages/vite-plugin-visual-edit/src/server/mutate/styling.ts'
import { childAnchor } from '../../../packages/vite-plugin-visual-edit/src/server/structure/jsx-context.ts'
import { styleKey } from '../../../packages/vite-plugin-visual-edit/src/server/styling/inline.ts'
import { parseModule } from '../../../packages/vite-plugin-visual-edit/src/transform/parse-module.ts'
import type { OurEdit } from '../ours.ts'
import type { Targets } from '../targets.ts'
import type { EditTask } from '../task.ts'
import {
  elementAt,
  elementSlotAtOffset,
  insertAtMeaningfulIndex,
  insertChild,
  isJsxParent,
  meaningfulChildren,
  ordinalOf,
  removeChild,
  replaceAt,
  type Slot,
  slotAt,
  slotOf,
} from './jsx-tree.ts'

/** The parsed modules an edit works on, by absolute file. */
export type Trees = Map<string, t.File>
/** Takes a reprinted edit back, on the trees parsed from the printed files. */
export type Inverse = (trees: Trees) => void

type JsxParent = t.JSXElement | t.JSXFragment
type Child = t.JSXElement['children'][number]
type JsxTask = Exclude<EditTask, { kind: 'style-css' }>

export interface JsxEditInput {
  task: JsxTask
  targets: Targets
  ours: OurEdit
}

function treeOf(trees: Trees, file: string): t.File {
  const tree = trees.get(file)
  if (!tree) throw new Error(`${file} was not parsed`)
  return tree
}

/** An element's source (from our result) as a node to put in another tree. */
function parseElement(source: string, file: string): t.JSXElement {
  const statement = parseModule(`(${source})`, file).program.body[0]
  if (statement?.type !== 'ExpressionStatement' || statement.expression.type !== 'JSXElement')
    throw new Error(`Not one JSX element: ${source.slice(0, 80)}`)
  statement.expression.extra = {}
  return statement.expression
}

const attributeIndex = (opening: t.JSXOpeningElement, name: string) =>
  opening.attributes.findIndex(
    (attribute) => attribute.type === 'JSXAttribute' && attribute.name.name === name,
  )

/** Sets (or adds, last) the attribute `name`; `undefined` removes it. */
function setAttribute(
  opening: t.JSXOpeningElement,
  name: string,
  value: t.JSXAttribute['value'] | undefined,
) {
  const index = attributeIndex(opening, name)
  if (value === undefined) {
    if (index !== -1) opening.attributes.splice(index, 1)
    return
  }
  const attribute = t.jsxAttribute(t.jsxIdentifier(name), value)
  if (index === -1) opening.attributes.push(attribute)
  else opening.attributes[index] = attribute
}

/** The inverse of any edit of attribute `name` of `element`: the attribute as it was, where it was. */
function attributeInverse(tree: t.File, file: string, element: t.JSXElement, name: string): Inverse {
  const ordinal = ordinalOf(tree, element)
  const index = attributeIndex(element.openingElement, name)
  const saved =
    index === -1 ? undefined : t.cloneNode(element.openingElement.attributes[index] as t.JSXAttribute)
  return (trees) => {
    const attributes = elementAt(treeOf(trees, file), ordinal).openingElement.attributes
    const now = attributes.findIndex(
      (attribute) => attribute.type === 'JSXAttribute' && attribute.name.name === name,
    )
    if (!saved) {
      if (now !== -1) attributes.splice(now, 1)
    } else if (now === -1) attributes.splice(index, 0, t.cloneNode(saved))
    else attributes[now] = t.cloneNode(saved)
  }
}

/** The classes of a className written as a string. */
function classNameOf(opening: t.JSXOpeningElement): string {
  const attribute = opening.attributes[attributeIndex(opening, 'className')] as t.JSXAttribute | undefined
  const value = attribute?.value
  if (value?.type === 'StringLiteral') return value.value
  if (value?.type === 'JSXExpressionContainer' && value.expression.type === 'StringLiteral')
    return value.expression.value
  if (!attribute) return ''
  throw new Error('The reprinting editor edits classes written as a string only')
}

function editClasses(opening: t.JSXOpeningElement, edit: (classes: string[]) => string[]): void {
  const classes = classNameOf(opening).split(/\s+/).filter(Boolean)
  setAttribute(opening, 'className', t.stringLiteral(edit(classes).join(' ')))
}

/** The child of a JSX parent that holds the element: itself, or the `{...}` (`{open && <X />}`) rendering only it. */
function anchorOf(tree: t.File, element: t.JSXElement): { anchor: t.Node; parent: JsxParent } | undefined {
  let node: t.Node = element
  let slot: Slot = slotOf(tree, node)
  if (slot.parent.type === 'LogicalExpression' && slot.parent.operator === '&&' && slot.key === 'right') {
    node = slot.parent
    slot = slotOf(tree, node)
  }
  if (slot.parent.type === 'JSXExpressionContainer') {
    node = slot.parent
    slot = slotOf(tree, node)
  }
  return isJsxParent(slot.parent) && slot.key === 'children'
    ? { anchor: node, parent: slot.parent }
    : undefined
}

function childAnchorOf(tree: t.File, element: t.JSXElement) {
  const found = anchorOf(tree, element)
  if (!found) throw new Error('The reprinting editor moves and removes JSX children only')
  return found
}

const jsxName = (tag: string): t.JSXOpeningElement['name'] => {
  const [first, ...rest] = tag.split('.')
  return rest.reduce<t.JSXIdentifier | t.JSXMemberExpression>(
    (object, property) => t.jsxMemberExpression(object, t.jsxIdentifier(property)),
    t.jsxIdentifier(first as string),
  )
}

const div = (attributes: t.JSXOpeningElement['attributes'], children: Child[]) =>
  t.jsxElement(
    t.jsxOpeningElement(t.jsxIdentifier('div'), attributes),
    t.jsxClosingElement(t.jsxIdentifier('div')),
    children,
  )

const newline = () => t.jsxText('\n')

function styleValue(existing: t.ObjectProperty | undefined, value: string): t.Expression {
  if (existing?.value.type === 'NumericLiteral' && /^-?\d+(\.\d+)?$/.test(value))
    return t.numericLiteral(Number(value))
  return t.stringLiteral(value)
}

const keyName = (property: t.ObjectExpression['properties'][number]) =>
  property.type === 'ObjectProperty' && !property.computed
    ? property.key.type === 'Identifier'
      ? property.key.name
      : property.key.type === 'StringLiteral'
        ? property.key.value
        : undefined
    : undefined

/** Sets or removes entries of the element's `style={{ ... }}`, adding the attribute when it has none. */
function editInlineStyle(opening: t.JSXOpeningElement, styling: Readonly<Record<string, string>>): void {
  const attribute = opening.attributes[attributeIndex(opening, 'style')] as t.JSXAttribute | undefined
  let object: t.ObjectExpression
  if (!attribute) object = t.objectExpression([])
  else if (
    attribute.value?.type === 'JSXExpressionContainer' &&
    attribute.value.expression.type === 'ObjectExpression'
  )
    object = attribute.value.expression
  else throw new Error('The reprinting editor edits style objects written inline only')
  for (const [name, value] of Object.entries(styling)) {
    const property = cssPropertyName(name)
    if (!property) throw new Error(`${name} is not a CSS property`)
    const key = styleKey(property)
    if (value === DELETE_STYLE_CONSTANT) {
      object.properties = object.properties.filter((entry) => keyName(entry) !== key)
      continue
    }
    const existing = object.properties.findLast((entry) => keyName(entry) === key) as
      | t.ObjectProperty
      | undefined
    if (existing) existing.value = styleValue(existing, value)
    else
      object.properties.push(
        t.objectProperty(
          /^[A-Za-z_$][\w$]*$/.test(key) ? t.identifier(key) : t.stringLiteral(key),
          styleValue(undefined, value),
        ),
      )
  }
  setAttribute(opening, 'style', object.properties.length > 0 ? t.jsxExpressionContainer(object) : undefined)
}

function propValue(value: string | number | boolean | null): t.JSXAttribute['value'] {
  if (typeof value === 'string') return t.stringLiteral(value)
  if (typeof value === 'number') return t.jsxExpressionContainer(t.numericLiteral(value))
  if (typeof value === 'boolean') return t.jsxExpressionContainer(t.booleanLiteral(value))
  return t.jsxExpressionContainer(t.nullLiteral())
}

/** Makes `Fragment` importable from react; the inverse takes away what was added. */
function importFragment(tree: t.File): (tree: t.File) => void {
  const isReact = (node: t.Node): node is t.ImportDeclaration =>
    node.type === 'ImportDeclaration' && node.source.value === 'react' && node.importKind !== 'type'
  const existing = tree.program.body.find(isReact)
  if (existing?.specifiers.some((specifier) => specifier.local.name === 'Fragment')) return () => {}
  const specifier = t.importSpecifier(t.identifier('Fragment'), t.identifier('Fragment'))
  if (existing) existing.specifiers.push(specifier)
  else tree.program.body.unshift(t.importDeclaration([specifier], t.stringLiteral('react')))
  return (printed) => {
    const declaration = printed.program.body.find(isReact)
    if (!declaration) return
    declaration.specifiers = declaration.specifiers.filter((entry) => entry.local.name !== 'Fragment')
    if (!existing) printed.program.body.splice(printed.program.body.indexOf(declaration), 1)
  }
}

/** Makes the task's change in `trees`; returns its inverse. */
export function applyJsxEdit(trees: Trees, { task, targets, ours }: JsxEditInput): Inverse {
  const file = targets.file
  const tree = treeOf(trees, file)
  const element = elementSlotAtOffset(tree, targets.element.start).node
  const opening = element.openingElement
  const ordinal = ordinalOf(tree, element)
  const siblingPosition = (parent: t.JSXElement) => {
    const sibling = targets.sibling
    if (!sibling) return 'last' as const
    const anchor = childAnchor(parent, sibling.element.start, sibling.element.end)
    if (!anchor) throw new Error('The sibling is not a child of its container')
    return sibling.side === 'after' ? { after: anchor } : { before: anchor }
  }

  switch (task.kind) {
    case 'text': {
      const saved = element.children.map((child) => t.cloneNode(child))
      element.children = [t.jsxText(task.newText)]
      return (trees) => {
        elementAt(treeOf(trees, file), ordinal).children = saved.map((child) => t.cloneNode(child))
      }
    }
    case 'class-add':
    case 'class-remove':
    case 'class-update': {
      const inverse = attributeInverse(tree, file, element, 'className')
      editClasses(opening, (classes) =>
        task.kind === 'class-add'
          ? [...classes, task.className]
          : task.kind === 'class-remove'
            ? classes.filter((name) => name !== task.className)
            : classes.map((name) => (name === task.from ? task.to : name)),
      )
      return inverse
    }
    case 'style-tailwind': {
      if (ours.elementAfter === undefined) throw new Error('Our edit left no element to read the classes of')
      const written = parseElement(ours.elementAfter, file).openingElement
      const inverse = attributeInverse(tree, file, element, 'className')
      const attribute = written.attributes[attributeIndex(written, 'className')] as t.JSXAttribute | undefined
      setAttribute(opening, 'className', attribute?.value ?? undefined)
      return inverse
    }
    case 'style-inline': {
      const inverse = attributeInverse(tree, file, element, 'style')
      editInlineStyle(opening, task.styling)
      return inverse
    }
    case 'prop': {
      const inverse = attributeInverse(tree, file, element, task.propName)
      setAttribute(opening, task.propName, task.remove ? undefined : propValue(task.propValue ?? null))
      return inverse
    }
    case 'tag': {
      const savedOpening = t.cloneNode(opening.name)
      const savedClosing = element.closingElement ? t.cloneNode(element.closingElement.name) : undefined
      opening.name = jsxName(task.newTag)
      if (element.closingElement) element.closingElement.name = jsxName(task.newTag)
      return (trees) => {
        const edited = elementAt(treeOf(trees, file), ordinal)
        edited.openingElement.name = t.cloneNode(savedOpening)
        if (edited.closingElement && savedClosing) edited.closingElement.name = t.cloneNode(savedClosing)
      }
    }
    case 'add': {
      const [source] = ours.created
      if (source === undefined) throw new Error('Our add created no element')
      const node = parseElement(source, file)
      insertChild(element, node, siblingPosition(element))
      const added = ordinalOf(tree, node)
      return (trees) => {
        const printed = treeOf(trees, file)
        const slot = slotAt(printed, added)
        if (!isJsxParent(slot.parent)) throw new Error('The added element is no longer a child')
        removeChild(slot.parent, slot.node)
      }
    }
    case 'move': {
      const into = targets.into
      if (!into) throw new Error('A move without its container')
      const destination = treeOf(trees, into.file)
      const container = elementSlotAtOffset(destination, into.start).node
      const position = siblingPosition(container)
      const { anchor, parent } = childAnchorOf(tree, element)
      const index = removeChild(parent, anchor)
      insertChild(container, anchor as Child, position)
      const moved = ordinalOf(destination, element)
      const parentOrdinal = ordinalOf(tree, parent)
      return (trees) => {
        const movedBack = elementAt(treeOf(trees, into.file), moved)
        const oldParent = slotAt(treeOf(trees, file), parentOrdinal).node as JsxParent
        const now = childAnchorOf(treeOf(trees, into.file), movedBack)
        removeChild(now.parent, now.anchor)
        insertAtMeaningfulIndex(oldParent, now.anchor as Child, index)
      }
    }
    case 'remove': {
      const { anchor, parent } = childAnchorOf(tree, element)
      const parentOrdinal = ordinalOf(tree, parent)
      const saved = t.cloneNode(anchor)
      const index = removeChild(parent, anchor)
      return (trees) => {
        const restored = slotAt(treeOf(trees, file), parentOrdinal).node as JsxParent
        insertAtMeaningfulIndex(restored, t.cloneNode(saved) as Child, index)
      }
    }
    case 'wrap':
      return wrap(tree, file, targets)
    case 'duplicate':
      return duplicate(tree, file, element, ours)
    default:
      return assertNever(task)
  }
}

/** WRAP: the elements (siblings, or one element anywhere) go into a new div; a list entry's key moves to it. */
function wrap(tree: t.File, file: string, targets: Targets): Inverse {
  const nodes = targets.wrapped.map((wrapped) => elementSlotAtOffset(tree, wrapped.start).node)
  const first = nodes[0] as t.JSXElement
  const last = nodes.at(-1) as t.JSXElement
  const ordinal = ordinalOf(tree, first)
  const found = anchorOf(tree, first)
  let keyIndex = -1
  if (found && found.anchor === first) {
    const children = found.parent.children
    const from = children.indexOf(first)
    const to = children.indexOf(last)
    const wrapper = div([], [])
    wrapper.children = [newline(), ...children.splice(from, to - from + 1, wrapper), newline()]
  } else {
    const slot = slotOf(tree, first)
    keyIndex = attributeIndex(first.openingElement, 'key')
    const key = keyIndex === -1 ? [] : first.openingElement.attributes.splice(keyIndex, 1)
    replaceAt(slot, div(key, [first]))
  }
  return (trees) => {
    const printed = treeOf(trees, file)
    const wrapper = elementAt(printed, ordinal)
    const slot = slotOf(printed, wrapper)
    if (isJsxParent(slot.parent) && slot.key === 'children') {
      const children = slot.parent.children
      children.splice(children.indexOf(wrapper), 1, ...wrapper.children)
      return
    }
    const only = meaningfulChildren(wrapper)[0] as t.JSXElement
    if (keyIndex !== -1)
      only.openingElement.attributes.splice(keyIndex, 0, ...wrapper.openingElement.attributes)
    replaceAt(slot, only)
  }
}

/** DUPLICATE: the copy right after a child; elsewhere original and copy in a fragment (keyed for a list entry). */
function duplicate(tree: t.File, file: string, element: t.JSXElement, ours: OurEdit): Inverse {
  const [source] = ours.created
  if (source === undefined) throw new Error('Our duplicate created no copy')
  const copy = parseElement(source, file)
  const found = anchorOf(tree, element)
  if (found && found.anchor === element) {
    insertChild(found.parent, copy, { after: element })
    const copied = ordinalOf(tree, copy)
    return (trees) => {
      const slot = slotAt(treeOf(trees, file), copied)
      if (!isJsxParent(slot.parent)) throw new Error('The copy is no longer a child')
      removeChild(slot.parent, slot.node)
    }
  }
  const slot = slotOf(tree, element)
  const key = element.openingElement.attributes[attributeIndex(element.openingElement, 'key')]
  const children = [newline(), element, newline(), copy, newline()]
  let undoImport: (tree: t.File) => void = () => {}
  let fragment: t.JSXElement | t.JSXFragment
  if (key) {
    undoImport = importFragment(tree)
    fragment = t.jsxElement(
      t.jsxOpeningElement(t.jsxIdentifier('Fragment'), [t.cloneNode(key)]),
      t.jsxClosingElement(t.jsxIdentifier('Fragment')),
      children,
    )
  } else fragment = t.jsxFragment(t.jsxOpeningFragment(), t.jsxClosingFragment(), children)
  replaceAt(slot, fragment)
  const ordinal = ordinalOf(tree, fragment)
  return (trees) => {
    const printed = treeOf(trees, file)
    const at = slotAt(printed, ordinal)
    replaceAt(at, meaningfulChildren(at.node as JsxParent)[0] as t.JSXElement)
    undoImport(printed)
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled task ${JSON.stringify(value)}`)
}
