import { DARK_MODIFIER } from '../../protocol/styling.ts'
import { type InspectorContext, OVERLAY_ATTRIBUTE } from '../core/context.ts'
import { type FlatRule, rulesOf, ruleText } from './css-rules.ts'

/** How a project turns dark: a `dark` class on an ancestor, or the prefers-color-scheme media query. */
export type DarkStrategy = 'class' | 'media'

const DARK_MEDIA = /prefers-color-scheme\s*:\s*dark/g
/** A media feature every screen matches: what `prefers-color-scheme: dark` becomes in a forced copy. */
const ALWAYS = 'min-width: 0px'

export interface DarkMode {
  /**
   * setDarkMode: shows the page dark the way its project turns dark, or (null) as it was. Answers the
   * strategy shown now.
   *
   *   'class':  <html lang="en">  ->  <html lang="en" class="dark">
   *   'media':  `@media (prefers-color-scheme: dark) { .dark\:bg-x { ... } }`
   *             ->  a copy under `@media (min-width: 0px)` in a <style> of the inspector's, and
   *             `color-scheme: dark` on <html> (form controls and scrollbars follow)
   */
  set(strategy: DarkStrategy | null): DarkStrategy | null
  /** Gives the page back as it was. */
  stop(): void
}

/**
 * Dark mode shown in the page for the Styles panel's Dark toggle (docs/INSPECTOR.md, CSS rules). A
 * page cannot be told it prefers dark, so a media-strategy page gets its dark rules copied without
 * the condition (as forced states copy their rules); the page's own scripts reading matchMedia still
 * see light, and rules waiting for `prefers-color-scheme: light` still apply. What <html> had (its
 * class, its inline color-scheme) is kept and given back. A stylesheet that changes afterwards (a hot
 * update) is copied again by calling set again.
 */
export function createDarkMode(context: InspectorContext): DarkMode {
  const doc = context.doc
  let shown: DarkStrategy | null = null
  let hadClass: boolean | null = null
  let schemeBefore: string | null = null
  let style: HTMLStyleElement | null = null

  const clear = () => {
    const root = doc.documentElement
    if (hadClass !== null) root.classList.toggle(DARK_MODIFIER, hadClass)
    if (schemeBefore !== null) root.style.colorScheme = schemeBefore
    hadClass = null
    schemeBefore = null
    style?.remove()
    style = null
    shown = null
  }

  /** The dark rules copied without their condition, in place of the last copies (no DOM mutation after the first). */
  const copyDarkRules = () => {
    if (!style) {
      style = doc.createElement('style')
      style.setAttribute(OVERLAY_ATTRIBUTE, 'dark-mode')
      doc.head.append(style)
    }
    const sheet = style.sheet as CSSStyleSheet
    while (sheet.cssRules.length > 0) sheet.deleteRule(0)
    for (const rule of rulesOf(doc)) {
      if (!rule.conditions.some((condition) => condition.modifier === DARK_MODIFIER)) continue
      const always: FlatRule = {
        ...rule,
        conditions: rule.conditions.map((condition) =>
          condition.modifier === DARK_MODIFIER
            ? { ...condition, text: condition.text.replace(DARK_MEDIA, ALWAYS) }
            : condition,
        ),
      }
      const text = ruleText(always)
      try {
        sheet.insertRule(text, sheet.cssRules.length)
      } catch (error) {
        console.warn(`[visual-edit] Could not show the dark rule ${text}; it is left out.`, error)
      }
    }
  }

  return {
    set(strategy) {
      if (strategy !== null && strategy !== 'class' && strategy !== 'media')
        throw new Error("setDarkMode takes 'class', 'media' or null")
      // The same strategy again changes <html> only if the page undid it: a change of <html> makes
      // the inspector walk the whole page again, and the editor sends this after every new tree.
      if (strategy !== shown) clear()
      const root = doc.documentElement
      if (strategy === 'class') {
        hadClass ??= root.classList.contains(DARK_MODIFIER)
        if (!root.classList.contains(DARK_MODIFIER)) root.classList.add(DARK_MODIFIER)
      } else if (strategy === 'media') {
        schemeBefore ??= root.style.colorScheme
        if (root.style.colorScheme !== 'dark') root.style.colorScheme = 'dark'
        copyDarkRules()
      }
      shown = strategy
      return shown
    },
    stop: clear,
  }
}
