import type { ClassCssResponse } from '../../protocol/class-css.ts'
import { projectUsesTailwind } from './project-uses-tailwind.ts'
import { cssFor, tailwindEngine } from './tailwind-engine.ts'

/** A theme variable read with nothing after its name: `var(--color-red-500)`, not `var(--x, 1px)`. */
const BARE_VAR = /var\((--[\w-]+)\)/g

/**
 * Gives each theme variable a class reads its theme value as the fallback, so the rule shows right in
 * a page whose stylesheet does not define the variable yet (Tailwind 4 writes only the variables its
 * classes use). A value that reads variables itself is resolved the same way, `depth` levels down.
 *
 *   before:  background-color: var(--color-red-500);
 *   after:   background-color: var(--color-red-500, oklch(63.7% 0.237 25.331));
 */
export function withThemeFallbacks(
  css: string,
  theme: (name: `--${string}`) => string | null,
  depth = 3,
): string {
  return css.replace(BARE_VAR, (whole, name: `--${string}`) => {
    const value = theme(name)
    if (value === null || value.trim() === '') return whole
    return `var(${name}, ${depth > 1 ? withThemeFallbacks(value, theme, depth - 1) : value})`
  })
}

/**
 * The class-css endpoint's answer (protocol CLASS_CSS_PATH): each class's CSS as the project's own
 * Tailwind generates it (its theme, arbitrary values, variants), or null. A project that does not
 * use Tailwind (projectUsesTailwind) answers null for every class: its classes come from its own CSS, which the page
 * already has. A Tailwind that does not load answers 422 with the reason (tailwindEngine).
 */
export async function classCss(root: string, classes: readonly string[]): Promise<ClassCssResponse> {
  if (!(await projectUsesTailwind(root)))
    return { css: Object.fromEntries(classes.map((name) => [name, null])) }
  const generated = await cssFor(root, classes)
  const engine = await tailwindEngine(root)
  const theme = engine.theme?.bind(engine)
  const css: Record<string, string | null> = {}
  for (const name of classes) {
    const text = generated.get(name) ?? null
    css[name] = text !== null && theme ? withThemeFallbacks(text, theme) : text
  }
  return { css }
}
