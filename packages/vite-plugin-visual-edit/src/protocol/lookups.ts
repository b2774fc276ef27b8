import * as v from 'valibot'
import { taggedCodebaseId } from './schema-fields.ts'
import type { StylingFramework } from './styling.ts'

/**
 * What the server knows about codebase ids, for the editor, which hands it to the inspector as its
 * lookups (`initProject`, `setNewLookups`; docs/GLOSSARY.md, Lookups). A same-origin POST with the
 * session token, like every mutate route.
 */
export const LOOKUPS_PATH = '/__visual-edit/lookups'

/** The length past which a dynamic text's code (ElementLookup.textSource) is cut. */
export const MAX_TEXT_SOURCE_CHARS = 300

/** Ids one request may ask about (a page of the marketplace has about 1,500 tagged elements). */
export const MAX_LOOKUP_IDS = 20_000

export const lookupsRequestSchema = v.object(
  {
    ids: v.pipe(
      v.array(taggedCodebaseId, 'an array of codebase ids'),
      v.maxLength(MAX_LOOKUP_IDS, `an array of at most ${MAX_LOOKUP_IDS} codebase ids`),
    ),
  },
  'a JSON object',
)
export type LookupsRequest = v.InferInput<typeof lookupsRequestSchema>

/** One element, as its code has it. */
export interface ElementLookup {
  /** Posix path relative to the project root. */
  file: string
  /** 1-based line and 0-based column of its `<`. */
  line: number
  column: number
  /** As written: `div`, `Card`, `Tabs.List`. */
  tagName: string
  isComponent: boolean
  /**
   * The codebase id of the JSX element it is written inside, in its own file; null at a component's
   * root. A move checks it (MOVE_JSX's expectedCurrentParent): the page's parent may be another
   * file's element (children passed to a component).
   */
  parentId: string | null
  /** 'static': plain text children, editable in place; 'dynamic': text from code; 'none': no text. */
  text: 'none' | 'static' | 'dynamic'
  /** The text it renders, when static. */
  staticText?: string
  /** The code of its children, when its text is dynamic (`Hi {user.name}`), cut at MAX_TEXT_SOURCE_CHARS. */
  textSource?: string
  /** The classes written in its className's literal text. */
  classes: string[]
  /** Whether those classes can be edited (false: className is an expression visual-edit cannot edit). */
  classesEditable: boolean
}

/**
 * What the inspector reads of a lookup (initProject, setNewLookups): where the element is written, its
 * tag, its parent in the code, its text and classes. Any of it may be missing.
 */
export type InspectorLookup = Partial<
  Pick<ElementLookup, 'file' | 'line' | 'tagName' | 'isComponent' | 'parentId' | 'text' | 'classes'>
>

export interface LookupsResponse {
  /** How the project styles: 'Tailwind' when it installs tailwindcss, else 'CSS'. */
  stylingFramework: StylingFramework
  /** By codebase id; ids the server does not know (or whose file changed since) are left out. */
  lookups: Record<string, ElementLookup>
}
