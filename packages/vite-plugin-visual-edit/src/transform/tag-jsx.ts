import path from 'node:path'
import { type File, type JSXElement, type JSXOpeningElement, type Node, VISITOR_KEYS } from '@babel/types'
import { CODEBASE_ID_ATTRIBUTE, COMPONENT_IDS_REGISTRY } from '../protocol/ids.ts'
import { codebaseIdFor } from './codebase-id.ts'
import { applyInsertions, type Insertion, type SourceMapV3 } from './insertion-map.ts'
import { parseModule } from './parse-module.ts'

/**
 * What the transform learns about one JSX element. Offsets are UTF-16 indexes into the code that was
 * tagged (the file as it is on disk), so the mutate server can find the element again.
 */
export interface JsxElementInfo {
  /** `tempo-<uuid>`, or the value the element already carried. */
  id: string
  /** Absolute path of the module (the `filename` it was tagged as). */
  file: string
  /** Posix path relative to the project root, as the editor shows it. */
  relativeFile: string
  /** Index path among the file's JSX elements, fragments transparent: `0`, `0.2`, `0.2.1`. */
  structuralPath: string
  /** As written: `div`, `Card`, `Tabs.List`, `svg:path`. */
  tagName: string
  /** Capitalised or member-expression names are components; lowercase names are host elements. */
  isComponent: boolean
  start: number
  end: number
  openingStart: number
  openingEnd: number
  selfClosing: boolean
  /** 1-based line and 0-based column of the `<`. */
  line: number
  column: number
  /** The enclosing tagged element, or null at the top of the file's JSX. */
  parentId: string | null
  /** Elements rendered as children (directly, or through `{cond && ...}`, `.map()`, ternaries). */
  childIds: string[]
  /** Whether the element is a child or sits in one of its parent's props (`icon={<Icon />}`). */
  slot: 'children' | 'prop'
  /**
   * `static`: its children are plain text only, editable in place. `dynamic`: it shows text that comes
   * from expressions or is mixed with elements. `none`: no text of its own.
   */
  text: 'none' | 'static' | 'dynamic'
  /** The element carried the attribute before the transform and was left alone. */
  preTagged: boolean
}

export interface TagJsxOptions {
  /** Absolute path of the module. */
  filename: string
  /** Absolute project root; ids hash the path relative to it, so they do not depend on the checkout. */
  root: string
  /**
   * Bindings of components that come from `node_modules` (`FullCalendar`, `motion` of `motion.div`).
   * Their usages are not given the attribute, which would reach the package's component as a prop it
   * does not know: the element is passed through {@link TAG_HELPER} instead, which records its id
   * against the element's props object where the inspector reads it from the fiber.
   */
  externalComponents?: ReadonlySet<string>
}

export interface TagJsxResult {
  code: string
  /** High-resolution map from the tagged code to the input; null when nothing was inserted. */
  map: SourceMapV3 | null
  elements: JsxElementInfo[]
}

/** Keys of Babel nodes that never hold JSX: positions, comments and TypeScript types. */
const SKIPPED_KEYS = new Set([
  'type',
  'start',
  'end',
  'loc',
  'range',
  'extra',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'typeAnnotation',
  'typeParameters',
  'typeArguments',
  'returnType',
  'superTypeParameters',
  'predicate',
])

/** Declarations that are types through and through. */
const TYPE_ONLY_NODES = new Set([
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSDeclareFunction',
  'ImportDeclaration',
])

/**
 * Babel's own child keys per node type, in source order, minus the keys that cannot hold JSX. Walking
 * these instead of every own property is most of what keeps tagging cheaper than a TSX transform.
 */
const CHILD_KEYS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(VISITOR_KEYS).map(([type, keys]) => [type, keys.filter((key) => !SKIPPED_KEYS.has(key))]),
)

/** Name of the helper a module with external component usages gets (declared at its end, hoisted). */
const TAG_HELPER = '__visualEditTag'

/**
 * The helper's declaration: it records `id` in a page-wide WeakMap against the objects of the element
 * that reach its fiber: its props object (the fiber's `memoizedProps`), and the dev-build objects that
 * `cloneElement` carries over to a copy (React 19's `_debugStack`, React 18's `_source`), so an
 * element a parent clones (Radix's `asChild`, a portal's Slot) keeps its id. An object met with two
 * ids (React shares one debug stack once it stops tracking owners) maps to '' (none). Returns the
 * element unchanged.
 */
const TAG_HELPER_DECLARATION = `\nfunction ${TAG_HELPER}(element, id) { if (element !== null && typeof element === 'object') { const ids = (globalThis[Symbol.for('${COMPONENT_IDS_REGISTRY}')] ??= new WeakMap()); for (const key of [element.props, element._debugStack, element._source]) { if (key === null || typeof key !== 'object') continue; const known = ids.get(key); ids.set(key, known === undefined || known === id ? id : '') } } return element }\n`

interface Frame {
  path: string
  element: JsxElementInfo | null
  slot: 'children' | 'prop'
  nextIndex: number
}

/**
 * Where an opening tag's name ends, type arguments included (`<List<Item>`): where the attribute goes.
 * Babel names them `typeArguments` in newer releases and `typeParameters` in older ones.
 */
export function openingNameEnd(opening: JSXOpeningElement): number {
  const typeArguments = (opening as { typeArguments?: Node | null }).typeArguments ?? opening.typeParameters
  return (typeArguments ?? opening.name).end as number
}

export function jsxTagName(name: JSXOpeningElement['name']): string {
  switch (name.type) {
    case 'JSXIdentifier':
      return name.name
    case 'JSXNamespacedName':
      return `${name.namespace.name}:${name.name.name}`
    case 'JSXMemberExpression':
      return `${jsxTagName(name.object)}.${name.property.name}`
  }
}

function isFragmentTag(tagName: string): boolean {
  return tagName === 'Fragment' || tagName === 'React.Fragment'
}

function isComponentTag(tagName: string): boolean {
  return tagName.includes('.') || /^[A-Z_$]/.test(tagName)
}

function existingId(opening: JSXOpeningElement): { value: string | null } | null {
  for (const attribute of opening.attributes) {
    if (
      attribute.type === 'JSXAttribute' &&
      attribute.name.type === 'JSXIdentifier' &&
      attribute.name.name === CODEBASE_ID_ATTRIBUTE
    ) {
      return { value: attribute.value?.type === 'StringLiteral' ? attribute.value.value : null }
    }
  }
  return null
}

function classifyText(element: JSXElement): JsxElementInfo['text'] {
  let hasText = false
  let hasDynamic = false
  let hasElement = false
  for (const child of element.children) {
    switch (child.type) {
      case 'JSXText':
        if (child.value.trim() !== '') hasText = true
        break
      case 'JSXExpressionContainer':
        if (child.expression.type === 'JSXEmptyExpression') break
        if (child.expression.type === 'StringLiteral') hasText = true
        else if (child.expression.type === 'JSXElement' || child.expression.type === 'JSXFragment')
          hasElement = true
        else hasDynamic = true
        break
      case 'JSXSpreadChild':
        hasDynamic = true
        break
      default:
        hasElement = true
    }
  }
  if (hasDynamic) return 'dynamic'
  if (!hasText) return 'none'
  return hasElement ? 'dynamic' : 'static'
}

/**
 * Adds `data-tempo-id="tempo-<uuid>"` right after the name of every JSX opening element, fragments
 * excluded, and reports every element it saw. Only insertions: no byte of the input changes. The
 * insertions and their hires source map are applied by `applyInsertions`, which gives exactly what
 * magic-string gives for an insert-only edit (tested) at a fraction of the cost.
 *
 *   before:  <Card className="p-4"><Tabs.List<Item> items={items} /></Card>
 *   after:   <Card data-tempo-id="tempo-…" className="p-4"><Tabs.List<Item> data-tempo-id="tempo-…" items={items} /></Card>
 *
 * A usage of a component from `node_modules` (see TagJsxOptions.externalComponents) is wrapped instead:
 *
 *   before:  <div><FullCalendar height={360} /></div>
 *   after:   <div>{__visualEditTag(<FullCalendar height={360} />, "tempo-…")}</div>   + the helper at the end
 *
 * Throws a SourceParseError (code VISUAL_EDIT_PARSE_FAILED, with the location) when the code does not parse.
 */
export function tagJsx(code: string, options: TagJsxOptions): TagJsxResult {
  const { elements, insertions } = analyzeJsx(code, options)
  if (insertions.length === 0) return { code, map: null, elements }
  return { ...applyInsertions(code, insertions, options.filename), elements }
}

/** What tagging learns without producing the tagged code: the AST, the elements and the insertions. */
export interface JsxAnalysis {
  ast: File
  elements: JsxElementInfo[]
  /** Sorted by offset. */
  insertions: Insertion[]
}

/**
 * Parses `code` and finds its elements and their ids; {@link tagJsx} applies the insertions, the mutate
 * server keeps the AST for its next edit of the file. Throws VISUAL_EDIT_PARSE_FAILED like tagJsx.
 */
export function analyzeJsx(code: string, options: TagJsxOptions): JsxAnalysis {
  const ast = parseModule(code, options.filename)
  return { ast, ...walkElements(code, ast.program, options) }
}

/**
 * The elements under `root` (a program, or one element parsed on its own at its file offsets), in
 * source order, with the insertions that would tag them. Structural paths count from `root`.
 */
export function walkElements(code: string, root: Node, options: TagJsxOptions): Omit<JsxAnalysis, 'ast'> {
  const relativePath = path.relative(options.root, options.filename).split(path.sep).join('/')
  const insertions: Insertion[] = []
  const elements: JsxElementInfo[] = []

  const external = options.externalComponents
  let wrappedAny = false
  const visitElement = (node: JSXElement, frame: Frame, childPosition: boolean): void => {
    const opening = node.openingElement
    const tagName = jsxTagName(opening.name)
    if (isFragmentTag(tagName)) {
      visitChildren(node, frame)
      return
    }
    const structuralPath = frame.path === '' ? String(frame.nextIndex) : `${frame.path}.${frame.nextIndex}`
    frame.nextIndex += 1

    const existing = existingId(opening)
    if (existing && existing.value === null) {
      // Tagged with an expression: left alone, and with no id we can know its children hang off our parent.
      visitChildren(node, { ...frame, path: structuralPath, nextIndex: 0 })
      return
    }
    const id = existing?.value ?? codebaseIdFor(relativePath, structuralPath)
    const wrapped = !existing && external?.has(tagName.split('.')[0] as string) === true
    if (wrapped) {
      insertions.push({ offset: node.start as number, text: `${childPosition ? '{' : ''}${TAG_HELPER}(` })
    } else if (!existing) {
      insertions.push({
        offset: openingNameEnd(opening),
        text: ` ${CODEBASE_ID_ATTRIBUTE}="${id}"`,
      })
    }
    const info: JsxElementInfo = {
      id,
      file: options.filename,
      relativeFile: relativePath,
      structuralPath,
      tagName,
      isComponent: isComponentTag(tagName),
      start: node.start as number,
      end: node.end as number,
      openingStart: opening.start as number,
      openingEnd: opening.end as number,
      selfClosing: opening.selfClosing,
      line: node.loc?.start.line ?? 0,
      column: node.loc?.start.column ?? 0,
      parentId: frame.element?.id ?? null,
      childIds: [],
      slot: frame.slot,
      text: classifyText(node),
      preTagged: existing !== null,
    }
    elements.push(info)
    if (frame.element && frame.slot === 'children') frame.element.childIds.push(id)

    const propsFrame: Frame = { path: structuralPath, element: info, slot: 'prop', nextIndex: 0 }
    visit(opening, propsFrame)
    const childFrame: Frame = { ...propsFrame, slot: 'children' }
    for (const child of node.children) visit(child, childFrame, true)
    if (wrapped) {
      insertions.push({ offset: node.end as number, text: `, "${id}")${childPosition ? '}' : ''}` })
      wrappedAny = true
    }
  }

  const visitChildren = (node: Node, frame: Frame): void => {
    // An element directly in JSX children or as an attribute's value needs braces around a call.
    const childPosition =
      node.type === 'JSXElement' || node.type === 'JSXFragment' || node.type === 'JSXAttribute'
    const record = node as unknown as Record<string, unknown>
    const keys = CHILD_KEYS.get(node.type) ?? Object.keys(record).filter((key) => !SKIPPED_KEYS.has(key))
    for (const key of keys) {
      const value = record[key]
      if (value === null || typeof value !== 'object') continue
      if (Array.isArray(value)) {
        for (const item of value)
          if (item !== null && typeof item === 'object' && 'type' in item)
            visit(item as Node, frame, childPosition)
      } else if ('type' in value) {
        visit(value as Node, frame, childPosition)
      }
    }
  }

  // Every JSX element starts with '<': a node whose source holds none cannot contain one, so the walk
  // skips it (most expressions, all of a component's logic) after two array reads.
  const base = root.start as number
  const angles = new Uint32Array((root.end as number) - base + 1)
  for (let index = base, count = 0; index < (root.end as number); index++) {
    if (code.charCodeAt(index) === 60 /* < */) count += 1
    angles[index - base + 1] = count
  }
  const mayHoldJsx = (node: Node) =>
    (angles[(node.end as number) - base] as number) > (angles[(node.start as number) - base] as number)

  const visit = (node: Node, frame: Frame, childPosition = false): void => {
    if (node.type === 'JSXElement') visitElement(node, frame, childPosition)
    else if (!TYPE_ONLY_NODES.has(node.type) && mayHoldJsx(node)) visitChildren(node, frame)
  }

  visit(root, { path: '', element: null, slot: 'children', nextIndex: 0 })

  // Source order already (a wrapped element's closing insertion comes before its next sibling's
  // opening one at the same offset); a stable sort keeps that promise explicit.
  insertions.sort((a, b) => a.offset - b.offset)
  if (wrappedAny) insertions.push({ offset: code.length, text: TAG_HELPER_DECLARATION })
  return { elements, insertions }
}
