import { type ElementLookup, type NavTreeProp, PropType } from 'vite-plugin-visual-edit/protocol'

/** Vite's own route that opens a file at a line in the user's editor (launch-editor). */
export const openInEditorHref = (lookup: Pick<ElementLookup, 'file' | 'line' | 'column'>) =>
  `/__open-in-editor?file=${encodeURIComponent(`${lookup.file}:${lookup.line}:${lookup.column + 1}`)}`

/** Classes as the field shows them, and back: one space between, none at the ends. */
export const splitClasses = (text: string) => text.split(/\s+/).filter(Boolean)

/** A prop's value as code would write it: strings quoted, functions as `ƒ name`, objects as JSON. */
export function propText(prop: NavTreeProp): string {
  if (prop.type === PropType.FUNCTION) return `ƒ ${prop.value ?? ''}`.trim()
  if (prop.type === PropType.LITERAL && typeof prop.value === 'string') return JSON.stringify(prop.value)
  return String(prop.value)
}
