import type { DeclaredProp } from './element-props.ts'

/**
 * The project's own components, for the editor's Insert panel (docs/EDITOR.md, Insert panel): every
 * component a file the element index knows exports (a capitalised function, class, or variable holding
 * one, named or default), where it is defined, and the props its TypeScript props type declares (so an
 * inserted component gets a typed placeholder for each required prop). Found with Babel, never by
 * running the code. A same-origin POST with the session token and the body `{}`, like the app's routes.
 */
export const COMPONENTS_PATH = '/__visual-edit/components'

/** One exported component. */
export interface ProjectComponent {
  /** The name ADD_JSX inserts it under (`<Badge />`), which is also how its file exports it. */
  name: string
  /** How its file exports it: ADD_JSX adds `import { Badge }` or `import Badge`. */
  exportKind: 'named' | 'default'
  /** Posix path of its file, relative to the project root (ADD_JSX's fileContentsSourceFilename). */
  file: string
  /** 1-based line of its declaration. */
  line: number
  /** Its declared props; null when they could not be read (`propsNote` says why). */
  props: DeclaredProp[] | null
  propsNote?: string
}

export interface ComponentsResponse {
  /** Sorted by name, then file. */
  components: ProjectComponent[]
  /** Files of the index that could not be read or parsed, with why. */
  skipped: { file: string; reason: string }[]
}
