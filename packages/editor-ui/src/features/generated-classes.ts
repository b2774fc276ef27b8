import type { ProcessedCssRule } from 'vite-plugin-visual-edit/protocol'

/** Asks the server which of these classes the project's Tailwind generates (the class-css endpoint). */
export type GeneratedClassesLookup = (classes: readonly string[]) => Promise<ReadonlySet<string>>

/**
 * Which rules of an element are Tailwind's own, so not editable: in a Tailwind 3 project `.p-4` comes
 * from the project's stylesheet as Vite serves it, but no file has it to edit; an edit of its value is
 * a class change. Each class is asked once (it does not change while editing).
 */
export class GeneratedClasses {
  readonly #known = new Map<string, boolean>()

  constructor(private readonly lookup: GeneratedClassesLookup) {}

  /** The rules with those of a Tailwind-generated class marked not editable. */
  async mark(rules: ProcessedCssRule[]): Promise<ProcessedCssRule[]> {
    const unknown = [
      ...new Set(
        rules.flatMap((rule) =>
          rule.allowChanges && rule.classParsed && !this.#known.has(rule.classParsed)
            ? [rule.classParsed]
            : [],
        ),
      ),
    ]
    if (unknown.length > 0) {
      const generated = await this.lookup(unknown)
      for (const name of unknown) this.#known.set(name, generated.has(name))
    }
    return rules.map((rule) =>
      rule.allowChanges && rule.classParsed && this.#known.get(rule.classParsed)
        ? { ...rule, allowChanges: false }
        : rule,
    )
  }
}
