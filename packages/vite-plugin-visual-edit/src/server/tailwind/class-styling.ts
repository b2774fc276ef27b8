import { DELETE_STYLE_CONSTANT, type StyleModifier } from '../../protocol/styling.ts'
import { MutateError } from '../edit/mutate-error.ts'
import type { Target } from '../edit/mutation.ts'
import { editClassList, elementSource, readClassList } from '../jsx/class-list.ts'
import { tailwindEngine } from './tailwind-engine.ts'

export interface TailwindStylingArgs {
  root: string
  target: Target
  /** CSS property (camelCase or kebab-case) -> value, or DELETE_STYLE_CONSTANT to remove it. */
  styling: Record<string, string>
  modifiers: StyleModifier[]
  eol: '\n' | '\r\n'
}

/**
 * STYLING with Tailwind: each declaration becomes the class Tailwind generates for exactly it under
 * the modifiers (a theme class, else an arbitrary value, else an arbitrary property); classes of the
 * element that set the same property under the same variants go first. The delete constant only
 * removes them. Returns the file's new text.
 *
 *   before:  <div className="flex p-2 hover:p-8">      styling { padding: '16px' }, modifiers []
 *   after:   <div className="flex hover:p-8 p-4">
 */
export async function applyTailwindStyling(args: TailwindStylingArgs): Promise<string> {
  const engine = await tailwindEngine(args.root)
  const source = { ...elementSource(args.target), eol: args.eol }
  const classes = readClassList(source).classes
  const variants = [...new Set(args.modifiers)].sort()
  const effects = new Map(classes.map((className) => [className, engine.effect(className)]))

  const remove = new Set<string>()
  const add: string[] = []
  for (const [name, raw] of Object.entries(args.styling)) {
    const property = cssProperty(name)
    const replaced = classes.filter((className) => {
      const effect = effects.get(className)
      return (
        effect != null &&
        sameVariants(effect.variants, variants) &&
        [...effect.properties].some((declared) => overrides(property, declared))
      )
    })
    for (const className of replaced) remove.add(className)
    if (raw !== DELETE_STYLE_CONSTANT) add.push(engine.classFor(property, raw.trim(), args.modifiers))
  }
  // A class this request sets stays, even when another of its properties would replace it.
  for (const className of add) remove.delete(className)
  return editClassList(source, { remove: [...remove], add })
}

/** `backgroundColor` -> `background-color`, `WebkitLineClamp` -> `-webkit-line-clamp`; kebab stays. */
function cssProperty(name: string): string {
  const kebab = name.startsWith('--')
    ? name
    : name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace(/^ms-/, '-ms-')
  if (!/^-{0,2}[a-z][a-z0-9-]*$/.test(kebab)) {
    throw new MutateError(
      'INVALID_VALUE',
      `${JSON.stringify(name)} is not a CSS property name. Use camelCase (backgroundColor) or kebab-case (background-color).`,
    )
  }
  return kebab
}

function sameVariants(a: readonly string[], sortedUnique: readonly string[]): boolean {
  const sorted = [...new Set(a)].sort()
  return (
    sorted.length === sortedUnique.length && sorted.every((variant, index) => variant === sortedUnique[index])
  )
}

/**
 * Longhands a shorthand resets. A class setting one (`px-4` sets padding-inline) would still win over
 * the new shorthand class (Tailwind orders it later), so the edit would not show; it is replaced too.
 */
const LONGHANDS: Readonly<Record<string, RegExp>> = {
  padding: /^padding-/,
  margin: /^margin-/,
  inset: /^(?:inset-|top$|right$|bottom$|left$)/,
  gap: /^(?:row|column)-gap$/,
  overflow: /^overflow-[xy]$/,
  'border-radius': /^border-.+-radius$/,
  'border-width': /^border-.+-width$/,
  'border-color': /^border-.+-color$/,
  'scroll-margin': /^scroll-margin-/,
  'scroll-padding': /^scroll-padding-/,
}
const LOGICAL_SHORTHAND = /^(?:padding|margin|inset|scroll-margin|scroll-padding)-(?:inline|block)$/

/** Whether setting `property` makes a declaration of `declared` pointless. */
function overrides(property: string, declared: string): boolean {
  if (declared === property) return true
  if (LONGHANDS[property]?.test(declared)) return true
  return LOGICAL_SHORTHAND.test(property) && declared.startsWith(`${property}-`)
}
