import type { NavTreeProp, PropType } from './nav-tree-node.ts'

/** The prop types by their number on the wire. */
export const PROP_TYPES: readonly PropType[] = ['LITERAL', 'FUNCTION', 'JSON_OBJECT']

/** A props record flattened for the wire (key, type index, value as JSON per prop), once per record. */
const flatProps = new WeakMap<object, readonly (string | number)[]>()

/** Gives `flattenProps` a record's entries made elsewhere (the encoder writes them in the same pass). */
export function rememberFlatProps(
  props: Readonly<Record<string, NavTreeProp>>,
  entries: readonly (string | number)[],
): void {
  flatProps.set(props, entries)
}

export function flattenProps(props: Readonly<Record<string, NavTreeProp>>): readonly (string | number)[] {
  let flat = flatProps.get(props)
  if (!flat) {
    const entries: (string | number)[] = []
    for (const key in props) {
      const prop = props[key] as NavTreeProp
      const type = PROP_TYPES.indexOf(prop.type)
      // A JSON_OBJECT's value is already JSON text.
      entries.push(key, type, type === 2 ? String(prop.value) : JSON.stringify(prop.value))
    }
    flat = entries
    flatProps.set(props, flat)
  }
  return flat
}
