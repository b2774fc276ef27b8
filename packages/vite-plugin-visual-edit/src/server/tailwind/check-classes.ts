import { MutateError } from '../edit/mutate-error.ts'
import { validateClasses } from './tailwind-engine.ts'

/**
 * Refuses classes that Tailwind does not generate for the project's stylesheet (422 INVALID_VALUE, naming
 * them, with how to write them anyway); answers the engine's warning when it could only write them
 * unchecked (an unknown Tailwind version).
 *
 * `asWritten` says how the request gets them written as they are ('send stylingFramework null to ...').
 */
export async function checkTailwindClasses(
  root: string,
  classes: readonly string[],
  asWritten: (pronoun: 'it' | 'them') => string,
): Promise<string | undefined> {
  if (classes.length === 0) return undefined
  const { invalid, warning } = await validateClasses(root, classes)
  if (invalid.length > 0) {
    const one = invalid.length === 1
    throw new MutateError(
      'INVALID_VALUE',
      `${invalid.map((className) => `'${className}'`).join(', ')} ${one ? 'is not a class' : 'are not classes'} Tailwind generates for this project. Check the spelling and the theme, or ${asWritten(one ? 'it' : 'them')}.`,
    )
  }
  return warning
}
