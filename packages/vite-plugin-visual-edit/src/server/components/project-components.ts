import type { ComponentsResponse, ProjectComponent } from '../../protocol/components.ts'
import { sourceHash } from '../../transform/element-index.ts'
import { parseModule } from '../../transform/parse-module.ts'
import type { MutationServices } from '../edit/mutation.ts'
import { readSourceFile } from '../edit/source-file.ts'
import { declaredProps } from '../props/declared-props.ts'
import { moduleLoader } from '../props/element-props.ts'
import { componentExports } from './component-exports.ts'

/** A file's components as last read, by the hash of its text: the panel asks on every open. */
type FileEntry = { hash: string; components: ProjectComponent[] }
const cache = new WeakMap<MutationServices['index'], Map<string, FileEntry>>()

/** A message without the absolute paths a parser may put in it. */
const reasonOf = (error: unknown, root: string) =>
  (error instanceof Error ? error.message : String(error)).split(root).join('.')

/**
 * POST /__visual-edit/components (protocol/components.ts): the components the project's files export,
 * from the files the element index knows (the ones the dev server has tagged, so only the project's
 * own code: never node_modules, never a path outside the root), each with its file:line and its
 * declared props (declared-props.ts, one relative import followed). A file is read again only when its
 * text changed since the last answer.
 */
export async function projectComponents(services: MutationServices): Promise<ComponentsResponse> {
  let byFile = cache.get(services.index)
  if (!byFile) {
    byFile = new Map()
    cache.set(services.index, byFile)
  }
  const components: ProjectComponent[] = []
  const skipped: ComponentsResponse['skipped'] = []
  const files = services.index.files()
  for (const file of [...byFile.keys()]) if (!files.includes(file)) byFile.delete(file)
  const load = moduleLoader(services)
  for (const file of files) {
    let source: Awaited<ReturnType<typeof readSourceFile>>
    try {
      source = await readSourceFile(services.fs, services.root, file)
    } catch (error) {
      // A file deleted since it was tagged, or one the edits refuse: not listed, and said why.
      skipped.push({
        file: services.index.elementsOf(file)[0]?.relativeFile ?? '?',
        reason: reasonOf(error, services.root),
      })
      continue
    }
    const hash = sourceHash(source.text)
    const known = byFile.get(file)
    if (known?.hash === hash) {
      components.push(...known.components)
      continue
    }
    let ast: ReturnType<typeof parseModule>
    try {
      ast = services.parsed?.get(file, hash) ?? parseModule(source.text, source.path)
    } catch (error) {
      skipped.push({ file: source.relativePath, reason: reasonOf(error, services.root) })
      continue
    }
    const module = { file: source.relativePath, text: source.text, ast }
    const found: ProjectComponent[] = []
    for (const exported of componentExports(ast)) {
      const declared = await declaredProps(module, exported.name, load)
      found.push({
        name: exported.name,
        exportKind: exported.exportKind,
        file: source.relativePath,
        line: exported.node.loc?.start.line ?? 1,
        props: 'declared' in declared ? declared.declared.props : null,
        ...('note' in declared ? { propsNote: declared.note } : {}),
      })
    }
    byFile.set(file, { hash, components: found })
    components.push(...found)
  }
  components.sort((a, b) => a.name.localeCompare(b.name) || a.file.localeCompare(b.file))
  return { components, skipped }
}
