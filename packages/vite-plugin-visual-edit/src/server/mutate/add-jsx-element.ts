import type { JSXElement } from '@babel/types'
import type { PropValue } from '../../protocol/change-types.ts'
import { parseModule } from '../../transform/parse-module.ts'
import { MutateError } from '../edit/mutate-error.ts'
import { creatablePolicy, type EditOutcome, runEdit, type Target } from '../edit/mutation.ts'
import { requestedSegments } from '../edit/new-file-policy.ts'
import { locateNewFile, readSourceFile } from '../edit/source-file.ts'
import { attributeInsertionPoint, findAttribute } from '../jsx/jsx-ast.ts'
import {
  assertEditablePropName,
  assertPropValue,
  assertTagName,
  attributeValueSource,
  hasChildren,
  isComponentName,
} from '../jsx/jsx-values.ts'
import { moduleBindings } from '../jsx/module-scope.ts'
import { dependencies } from '../structure/bindings.ts'
import { EditPlan, relocateAcross } from '../structure/edit-plan.ts'
import { exportKindOf, importFor } from '../structure/imports.ts'
import { insertionPoint, type Position } from '../structure/insertion.ts'
import { ancestry, childAnchor, templateRanges } from '../structure/jsx-context.ts'
import { indentAt, indentUnit, reindent } from '../structure/layout.ts'
import { elementSourceWith, uniqueKeyEdit } from './duplicate.ts'
import type { Operation } from './operation.ts'

/** The component's module, parsed; 422 naming it when it does not parse (nothing is written). */
function parseModuleOrRefuse(code: string, file: string, shown: string | undefined) {
  try {
    return parseModule(code, file)
  } catch {
    throw new MutateError(
      'EDIT_IMPOSSIBLE',
      `${shown ?? 'The component file'} does not parse, so its component cannot be imported.`,
    )
  }
}

/** Edits (file offsets) that give an element's copy `props`: replaced where it has them, added otherwise. */
function propEdits(
  node: JSXElement,
  props: Record<string, PropValue>,
): { start: number; end: number; text: string }[] {
  const edits: { start: number; end: number; text: string }[] = []
  const added: string[] = []
  for (const [name, value] of Object.entries(props)) {
    const attribute = findAttribute(node.openingElement, name)
    const source = attributeValueSource(value)
    if (attribute?.value)
      edits.push({ start: attribute.value.start as number, end: attribute.value.end as number, text: source })
    else if (attribute)
      edits.push({
        start: attribute.name.end as number,
        end: attribute.name.end as number,
        text: `=${source}`,
      })
    else added.push(` ${name}=${source}`)
  }
  const at = attributeInsertionPoint(node.openingElement)
  if (added.length > 0) edits.push({ start: at, end: at, text: added.join('') })
  return edits
}

/**
 * ADD_JSX: adds an element into `destinationElement`, before `beforeElement`, after `afterElement` or
 * last. The element is new (`nativeTag` or `componentName`) or a copy of an existing element
 * (`codebaseId`), with `propsToSet`. A component from other code (`fileContentsToSourceFrom`,
 * `fileContentsSourceFilename`) gets its import added, or reused; `extraFiles` are created with it.
 *
 *   before:  <ul>\n  <li>One</li>\n</ul>
 *   after:   <ul>\n  <li>One</li>\n  <Badge tone="new" />\n</ul>   + import { Badge } from './Badge'
 */
export const addJsxElement: Operation<'addJsxElement'> = async (body, services, canvasId) => {
  const destinationId = body.destinationElement
  const afterId = body.afterElement ?? undefined
  const beforeId = body.beforeElement ?? undefined
  const { newElement, hasInstantUpdate, extraFiles } = body
  if (newElement.kind === 'tag') assertTagName(newElement.tag)
  const props: Record<string, PropValue> = {}
  for (const [name, value] of Object.entries(body.propsToSet)) {
    assertEditablePropName(name)
    props[name] = value
  }
  const sourceFilename = body.fileContentsSourceFilename
  const sourceContents = body.fileContentsToSourceFrom

  // Files to create: extraFiles, and the component's own file when it does not exist yet. Every path
  // is checked against the new-file policy before anything is looked up for it, so a refused path
  // answers the same whether or not it exists. An extra file that already exists is left as it is,
  // whatever it holds (the answer says so, the same way for any contents); the component's existing
  // file is read from disk, and must export the component.
  const policy = creatablePolicy(services)
  const locate = async (requested: string, field: string) => {
    const segments = requestedSegments(requested)
    if (segments === null)
      throw new MutateError(
        'FILE_NOT_EDITABLE',
        `${field} must name a file under the project root, not ${JSON.stringify(requested)}.`,
      )
    return locateNewFile(services.fs, services.root, segments, policy)
  }
  const toCreate = new Map<string, string>()
  const warnings: string[] = []
  for (const [relative, contents] of Object.entries(extraFiles)) {
    const located = await locate(relative, 'Each extraFiles key')
    if (located.exists) warnings.push(`${located.relativePath} already exists and was left as it is.`)
    else toCreate.set(located.path, contents)
  }
  let componentFile: string | undefined
  let componentSource = sourceContents
  if (sourceFilename !== undefined && sourceContents !== undefined) {
    const located = await locate(sourceFilename, 'fileContentsSourceFilename')
    componentFile = located.path
    if (!located.exists) {
      if (toCreate.has(componentFile)) componentSource = toCreate.get(componentFile)
      else toCreate.set(componentFile, sourceContents)
    } else {
      componentSource = (await readSourceFile(services.fs, services.root, componentFile)).text
    }
  }

  const siblingId = afterId ?? beforeId
  const copyId = newElement.kind === 'copy' ? newElement.id : undefined
  const ids = [destinationId, ...(siblingId ? [siblingId] : []), ...(copyId ? [copyId] : [])]

  const response = await runEdit(
    services,
    canvasId,
    ids,
    (targets): EditOutcome => {
      const destination = targets[0] as Target
      const sibling = siblingId ? targets[1] : undefined
      const copied = copyId ? targets.at(-1) : undefined
      const code = destination.file.source.text
      const eol = destination.file.source.eol
      const containerPath = ancestry(destination.file.ast, destination.element.start, destination.element.end)
      const container = containerPath.at(-1) as JSXElement | undefined
      if (!container)
        throw new MutateError(
          'STALE_ELEMENT',
          'The destination is no longer in its file. Reload the preview.',
        )
      if (sibling && sibling.element.parentId !== destination.element.id) {
        throw new MutateError(
          'EDIT_IMPOSSIBLE',
          `The ${afterId ? 'afterElement' : 'beforeElement'} is not a child of the destination.`,
        )
      }
      let position: Position = 'last'
      if (sibling) {
        const anchor = childAnchor(container, sibling.element.start, sibling.element.end)
        if (!anchor)
          throw new MutateError(
            'STALE_ELEMENT',
            'The sibling is no longer inside the destination. Reload the preview.',
          )
        position = afterId ? { after: anchor } : { before: anchor }
      }
      const point = insertionPoint(code, container, position, indentUnit(code), eol)
      const destinationPlan = new EditPlan(destination.element.file, code)

      const shape = copied
        ? { tagName: copied.element.tagName, hasChildren: hasChildren(copied.element) }
        : { tagName: newElement.kind === 'tag' ? newElement.tag : '', hasChildren: false }
      for (const [name, value] of Object.entries(props)) assertPropValue(shape, name, value)

      let elementText: string
      if (copied) {
        const sourcePath = ancestry(copied.file.ast, copied.element.start, copied.element.end)
        const node = sourcePath.at(-1) as JSXElement
        const sameFile = copied.element.file === destination.element.file
        const missing = dependencies(copied.file.ast, node).filter(
          (binding) =>
            !sameFile || !((binding.scope.start ?? 0) <= point.at && point.at <= (binding.scope.end ?? 0)),
        )
        if (missing.length > 0) {
          throw new MutateError(
            'EDIT_IMPOSSIBLE',
            `The copied element uses ${[...new Set(missing.map((binding) => binding.name))].join(', ')}, which does not exist where it would go.`,
          )
        }
        const sourceCode = copied.file.source.text
        const keyEdit = 'key' in props ? undefined : uniqueKeyEdit(sourceCode, node)
        const text = elementSourceWith(sourceCode, node, [
          ...propEdits(node, props),
          ...(keyEdit ? [keyEdit] : []),
        ])
        const indented = reindent(
          text,
          0,
          text.length,
          indentAt(sourceCode, node.start as number),
          point.indent,
          templateRanges(sourcePath).map(([a, b]) => [
            a - (node.start as number),
            b - (node.start as number),
          ]),
          eol,
        )
        elementText = indented.text
      } else {
        const tag = newElement.kind === 'tag' ? newElement.tag : ''
        const attributes = Object.entries(props)
          .map(([name, value]) => ` ${name}=${attributeValueSource(value)}`)
          .join('')
        elementText = `<${tag}${attributes} />`
        if (isComponentName(tag)) {
          const binding = tag.split('.')[0] as string
          if (componentFile) {
            const kind = exportKindOf(
              parseModuleOrRefuse(componentSource ?? '', componentFile, sourceFilename),
              binding,
            )
            if (!kind) {
              throw new MutateError(
                'EDIT_IMPOSSIBLE',
                `${binding} is not exported by ${sourceFilename}. Export it, or pick the component that file exports.`,
              )
            }
            const addition = importFor(
              destination.file.ast,
              code,
              destination.element.file,
              binding,
              kind,
              componentFile,
              eol,
            )
            if (addition) destinationPlan.insert(addition.at, addition.text)
          } else if (!moduleBindings(destination.file.ast).has(binding)) {
            throw new MutateError(
              'EDIT_IMPOSSIBLE',
              `${binding} is not imported in ${destination.file.source.relativePath}. Send fileContentsToSourceFrom and fileContentsSourceFilename so the import can be added.`,
            )
          }
        }
      }

      const placed = destinationPlan.replace(
        point.at,
        point.end,
        `${point.before}${elementText}${point.after}`,
      )
      const texts = new Map([[destination.element.file, destinationPlan.apply()]])
      for (const [file, contents] of toCreate) texts.set(file, contents)
      return {
        texts,
        relocate: relocateAcross([destinationPlan]),
        created: [{ file: destination.element.file, offset: placed.start + point.before.length }],
      }
    },
    { createFiles: [...toCreate.keys()] },
  )
  return {
    ...response,
    ...(hasInstantUpdate ? {} : { toast: 'Successfully added' }),
    ...(warnings.length > 0 ? { warnings } : {}),
  }
}
