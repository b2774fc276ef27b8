/**
 * Whether an edit keeps its files type-checking, with the TypeScript compiler's API: one compiler
 * process (TypeScript 7's API server), one project per workspace (its tsconfig.json; the repository's
 * packages linked beside it give React's types), kept open for the whole run. An edited text is handed
 * to the compiler through its file system callback in place of the file on disk, and only the files
 * that changed are checked again, so a check costs tens of milliseconds, not a `tsc` run.
 *
 * Diagnostics are compared with the original file's, as a multiset of code and message (positions
 * move with any edit): an error the project already had does not count, a new one does.
 */
import { API } from 'typescript/unstable/sync'
import type { Workspace } from './workspace.ts'

const CHECKED = /\.[cm]?[jt]sx?$/

export class TypeCheck {
  readonly #overrides = new Map<string, string>()
  readonly #baselines = new Map<string, string[]>()
  readonly #api: API
  /** Files overridden by the last check, read from disk again at the next one. */
  #stale: string[] = []
  #snapshot: ReturnType<API['updateSnapshot']>

  constructor(workspaces: readonly Workspace[]) {
    const first = workspaces[0]
    this.#api = new API({
      ...(first ? { cwd: first.root } : {}),
      fs: { readFile: (file) => this.#overrides.get(file) },
    })
    this.#snapshot = this.#api.updateSnapshot({
      openProjects: workspaces.map((workspace) => workspace.tsconfig),
    })
  }

  #diagnostics(workspace: Workspace, file: string): string[] {
    const project = this.#snapshot.getProject(workspace.tsconfig)
    if (!project) throw new Error(`TypeScript did not open ${workspace.tsconfig}`)
    return [
      ...project.program.getSyntacticDiagnostics(file),
      ...project.program.getSemanticDiagnostics(file),
    ].map((diagnostic) => `TS${diagnostic.code}: ${diagnostic.text}`)
  }

  /**
   * The diagnostics `texts` (absolute file -> new text) bring into their files that the originals do
   * not have. Files TypeScript does not read (stylesheets) are skipped.
   */
  newDiagnostics(workspace: Workspace, texts: ReadonlyMap<string, string | null>): string[] {
    const files = [...texts.keys()].filter((file) => CHECKED.test(file))
    if (files.length === 0) return []
    for (const file of files) {
      if (!this.#baselines.has(file)) {
        this.#refresh([])
        this.#baselines.set(file, this.#diagnostics(workspace, file))
      }
    }
    for (const file of files) this.#overrides.set(file, texts.get(file) ?? '')
    this.#refresh(files)
    const found: string[] = []
    for (const file of files) {
      const before = [...(this.#baselines.get(file) ?? [])]
      for (const diagnostic of this.#diagnostics(workspace, file)) {
        const index = before.indexOf(diagnostic)
        if (index === -1) found.push(diagnostic)
        else before.splice(index, 1)
      }
    }
    this.#overrides.clear()
    this.#stale = files
    return found
  }

  /** A new snapshot in which `changed` and the files of the previous check are read again. */
  #refresh(changed: readonly string[]): void {
    const files = [...new Set([...this.#stale, ...changed])]
    if (files.length === 0) return
    if (changed.length === 0) this.#stale = []
    const previous = this.#snapshot
    this.#snapshot = this.#api.updateSnapshot({ fileChanges: { changed: files } })
    previous.dispose()
  }

  close(): void {
    this.#api.close()
  }
}
