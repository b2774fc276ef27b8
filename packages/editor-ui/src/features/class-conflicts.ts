/**
 * Which classes a class added in the Styles panel replaces (docs/EDITOR.md, Styles panel): ADD_CLASS
 * only adds, so `p-6` beside `p-4` would stack two paddings whose winner is the stylesheet's order.
 * A class of the element is replaced when it has the same variants and every property it declares is
 * one the new class declares too (it would do nothing any more), read from the CSS the project's own
 * Tailwind generates for both (the class-css endpoint).
 *
 *   classes 'flex p-4 md:p-8', adding 'p-6'   ->  replaces 'p-4'      ('padding' in both)
 *   classes 'p-4', adding 'px-6'              ->  replaces nothing     ('padding-inline' only)
 */

/** The variants of a class as written (`md:hover:` of `md:hover:p-4`), brackets' contents left alone. */
export function variantsOf(className: string): string {
  let depth = 0
  let end = 0
  for (let index = 0; index < className.length; index++) {
    const char = className[index]
    if (char === '[' || char === '(') depth++
    else if (char === ']' || char === ')') depth = Math.max(0, depth - 1)
    else if (char === ':' && depth === 0) end = index + 1
  }
  return className.slice(0, end)
}

/**
 * The properties a class's CSS declares, in its style rules at any depth (media queries, nesting,
 * layers); the descriptors of `@property` and `@font-face` blocks are not properties.
 *
 *   '.p-4 { padding: calc(var(--spacing) * 4); }'  ->  {'padding'}
 */
export function declaredProperties(css: string): Set<string> {
  const out = new Set<string>()
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  /** Whether each open block holds descriptors rather than declarations. */
  const descriptors: boolean[] = []
  let start = 0
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char !== '{' && char !== '}' && char !== ';') continue
    const chunk = text.slice(start, index).trim()
    start = index + 1
    if (char === '{') {
      descriptors.push(/^@(property|font-face|counter-style|font-feature-values)\b/.test(chunk))
      continue
    }
    const inRule = descriptors.length > 0 && !descriptors.some(Boolean)
    if (char === '}') descriptors.pop()
    const colon = chunk.indexOf(':')
    if (colon <= 0 || !inRule) continue
    const name = chunk.slice(0, colon).trim().toLowerCase()
    if (/^-{0,2}[a-z][a-z0-9-]*$/.test(name)) out.add(name)
  }
  return out
}

/**
 * The element's classes that `added` make redundant: same variants, and each of their declared
 * properties declared by an added class too. A class without CSS (unknown to Tailwind, a plain-CSS
 * class) is never replaced.
 */
export function conflictingClasses(
  added: readonly string[],
  existing: readonly string[],
  css: Readonly<Record<string, string | null>>,
): string[] {
  const props = (className: string) => declaredProperties(css[className] ?? '')
  const adding = added.map((className) => ({ variants: variantsOf(className), properties: props(className) }))
  return existing.filter((className) => {
    if (added.includes(className)) return false
    const own = props(className)
    if (own.size === 0) return false
    const variants = variantsOf(className)
    return adding.some(
      (add) => add.variants === variants && [...own].every((property) => add.properties.has(property)),
    )
  })
}

/** The class list with `replaced` taken out and `added` put where the first replaced one was (else at the end). */
export function replaceClasses(
  classes: readonly string[],
  replaced: readonly string[],
  added: readonly string[],
): string[] {
  const at = classes.findIndex((className) => replaced.includes(className))
  const kept = classes.filter((className) => !replaced.includes(className))
  const fresh = added.filter((className) => !kept.includes(className))
  if (at < 0) return [...kept, ...fresh]
  const before = classes.slice(0, at).filter((className) => !replaced.includes(className)).length
  return [...kept.slice(0, before), ...fresh, ...kept.slice(before)]
}
