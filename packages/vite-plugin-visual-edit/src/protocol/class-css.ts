import * as v from 'valibot'

/**
 * The class-css endpoint, for instant updates (instant-update.ts) of classes the page's stylesheet does
 * not have yet. Its own file, as lookups.ts is: the inspector imports instant-update.ts, and a schema
 * here would bring valibot into its bundle.
 */

/**
 * The CSS the project's Tailwind generates for classes, so an instant update can show a class the
 * page's stylesheet does not have yet (`p-[13px]`). Gated like the lookups (POST, token).
 */
export const CLASS_CSS_PATH = '/__visual-edit/class-css'
/** Classes one request may ask about. */
export const MAX_CLASS_CSS_CLASSES = 200
/** Characters of one class name (an arbitrary value can be long, not this long). */
export const MAX_CLASS_NAME_LENGTH = 500

export const classCssRequestSchema = v.object(
  {
    classes: v.pipe(
      v.array(
        v.pipe(
          v.string('a class name'),
          v.regex(/^\S+$/, 'a class name (no spaces)'),
          v.maxLength(MAX_CLASS_NAME_LENGTH, `a class name of at most ${MAX_CLASS_NAME_LENGTH} characters`),
        ),
        'an array of class names',
      ),
      v.maxLength(MAX_CLASS_CSS_CLASSES, `an array of at most ${MAX_CLASS_CSS_CLASSES} class names`),
    ),
  },
  'a JSON object',
)
export type ClassCssRequest = v.InferInput<typeof classCssRequestSchema>

export interface ClassCssResponse {
  /**
   * By class: the rules Tailwind generates for it (theme variables it reads carry their theme value as
   * the fallback: `var(--color-red-500, oklch(...))`), or null when it generates none, and for every
   * class when the project does not install tailwindcss.
   */
  css: Record<string, string | null>
}
