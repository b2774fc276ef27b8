import { DELETE_STYLE_CONSTANT, StylingFramework } from '../../protocol/styling.ts'
import { MutateError } from '../edit/mutate-error.ts'
import { runEdit } from '../edit/mutation.ts'
import { applyCssStyling, cssTextProblem } from '../styling/css.ts'
import { locateStylesheetRule } from '../styling/css-rule.ts'
import { mediaQueryFor } from '../styling/css-variants.ts'
import { applyInlineStyling } from '../styling/inline.ts'
import { applyTailwindStyling } from '../tailwind/class-styling.ts'
import { tailwindEngine } from '../tailwind/tailwind-engine.ts'
import type { Operation } from './operation.ts'

/** A CSS property name once kebab-cased: `color`, `-webkit-line-clamp`, `--brand`. */
const PROPERTY_NAME = /^-{0,2}[a-zA-Z][a-zA-Z0-9-]*$/
const MAX_VALUE_LENGTH = 2000

/**
 * The CSS property name of a styling key, or undefined when it is none: camelCase becomes kebab-case
 * (`backgroundColor` -> `background-color`, `WebkitTransition` -> `-webkit-transition`, `msTransform`
 * -> `-ms-transform`), kebab-case is lowercased, custom properties (`--brand`) stay as written.
 */
export function cssPropertyName(name: string): string | undefined {
  let kebab: string
  if (name.startsWith('--')) kebab = name
  else if (name.includes('-')) kebab = name.toLowerCase()
  else {
    kebab = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
    if (kebab.startsWith('ms-')) kebab = `-${kebab}`
  }
  return PROPERTY_NAME.test(kebab) ? kebab : undefined
}

/**
 * The checked changes of a `styling` body: CSS property name -> trimmed value, or null for the delete
 * constant. Names that are not CSS property names and values that could break out of a declaration
 * (or a style object) are refused with 422 INVALID_VALUE; one property sent twice is a 400.
 */
export function styleChanges(styling: Readonly<Record<string, string>>): Map<string, string | null> {
  const changes = new Map<string, string | null>()
  const sentAs = new Map<string, string>()
  for (const [name, raw] of Object.entries(styling)) {
    const property = cssPropertyName(name)
    if (property === undefined) {
      throw new MutateError(
        'INVALID_VALUE',
        `${JSON.stringify(name)} is not a CSS property name. Use camelCase (backgroundColor), kebab-case (background-color) or a custom property (--brand).`,
      )
    }
    const earlier = sentAs.get(property)
    if (earlier !== undefined) {
      throw new MutateError(
        'BAD_REQUEST',
        `styling: ${earlier} and ${name} are the same property, ${property}. Send it once.`,
      )
    }
    sentAs.set(property, name)
    if (raw === DELETE_STYLE_CONSTANT) {
      changes.set(property, null)
      continue
    }
    const value = raw.trim()
    const problem =
      value === ''
        ? `it is empty; send ${DELETE_STYLE_CONSTANT} to remove the property`
        : value.length > MAX_VALUE_LENGTH
          ? `it is longer than ${MAX_VALUE_LENGTH} characters`
          : cssTextProblem(value)
    if (problem) {
      throw new MutateError(
        'INVALID_VALUE',
        `The value ${JSON.stringify(raw.length > 80 ? `${raw.slice(0, 77)}...` : raw)} of ${property} cannot be written: ${problem}.`,
      )
    }
    changes.set(property, value)
  }
  return changes
}

/**
 * STYLING: sets or removes CSS properties of an element, in its `style` object (Inline), in the rule of
 * a stylesheet (CSS) or as classes (Tailwind).
 *
 *   before:  <div style={{ color: 'red' }}>       .card {\n  color: red;\n}
 *   after:   <div style={{ color: 'blue', padding: '8px' }}>   .card {\n  color: blue;\n  padding: 8px;\n}
 *
 * An empty `styling` writes nothing. A CSS edit writes the stylesheet, locked and undone with the edit.
 */
export const styling: Operation<'styling'> = async (body, services, canvasId) => {
  const id = body.reactElement
  const framework = body.stylingFramework
  const changes = styleChanges(body.styling)
  const { modifiers, customProperties } = body

  if (changes.size === 0) return runEdit(services, canvasId, [id], () => ({ texts: new Map() }))

  switch (framework) {
    case StylingFramework.INLINE: {
      if (modifiers.length > 0) {
        throw new MutateError(
          'EDIT_IMPOSSIBLE',
          `Inline styles cannot target ${modifiers.join(', ')}: React's style prop has no states, breakpoints or dark mode. Use the Tailwind or CSS framework for this style.`,
        )
      }
      return runEdit(services, canvasId, [id], ([target]) => {
        if (!target) throw new MutateError('INTERNAL', 'styling ran without its element.')
        return { texts: new Map([[target.element.file, applyInlineStyling(target, changes)]]) }
      })
    }
    case StylingFramework.CSS: {
      mediaQueryFor(modifiers)
      const rule = await locateStylesheetRule(services, canvasId, id, customProperties)
      return runEdit(
        services,
        canvasId,
        [id],
        (_targets, _files, extras) => {
          const sheet = extras.get(rule.file)
          if (!sheet) throw new MutateError('INTERNAL', 'styling ran without its stylesheet.')
          const text = applyCssStyling({ sheet, selector: rule.selector, modifiers, changes })
          return { texts: new Map([[rule.file, text]]) }
        },
        { extraFiles: [rule.file] },
      )
    }
    case StylingFramework.TAILWIND: {
      const tailwindStyling = Object.fromEntries(
        [...changes].map(([property, value]) => [property, value ?? DELETE_STYLE_CONSTANT]),
      )
      const { warning } = await tailwindEngine(services.root)
      const response = await runEdit(services, canvasId, [id], async ([target]) => {
        if (!target) throw new MutateError('INTERNAL', 'styling ran without its element.')
        const text = await applyTailwindStyling({
          root: services.root,
          target,
          styling: tailwindStyling,
          modifiers,
          eol: target.file.source.eol,
        })
        return { texts: new Map([[target.element.file, text]]) }
      })
      return warning ? { ...response, warnings: [warning] } : response
    }
    default:
      return assertNever(framework)
  }
}

function assertNever(value: never): never {
  throw new MutateError('INTERNAL', `Unhandled styling framework ${String(value)}`)
}
