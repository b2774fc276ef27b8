import type { StyleModifier } from '../../protocol/styling.ts'
import { MutateError } from '../edit/mutate-error.ts'
import type { DesignSystem } from './design-system.ts'
import type { LegacyUtilities } from './legacy-declaration-class.ts'

/** What a class does, as far as replacing it goes. */
export interface ClassEffect {
  /** Its variants as written (`md`, `hover`), in no particular order. */
  variants: string[]
  /** The CSS properties it declares, Tailwind's own `--tw-*` bookkeeping left out. */
  properties: Set<string>
}

/**
 * The loaded Tailwind itself, for what the Styles panel reads of the project's design system (its
 * classes and theme tokens, server/design-system/): Tailwind 4's design system, or Tailwind 3's
 * context with its resolved config's theme.
 */
export type TailwindIntrospection =
  | { readonly major: 4; readonly system: DesignSystem }
  | { readonly major: 3; readonly utilities: LegacyUtilities; readonly config: ResolvedLegacyConfig }

/** The parts of Tailwind 3's resolved config read for the design tokens. */
export interface ResolvedLegacyConfig {
  theme?: Readonly<Record<string, unknown>>
  darkMode?: unknown
}

/**
 * Tailwind as one project sees it, whatever its version: asked which classes it generates, their CSS,
 * what a class styles, and which class sets a declaration.
 */
export interface TailwindEngine {
  /** The stylesheet or config the classes come from, relative to the root; null for the defaults. */
  readonly entry: string | null
  /**
   * Set when the project's Tailwind cannot be asked (a version visual-edit does not read): classes are
   * then written as sent, and edits carry this in their response's `warnings`.
   */
  readonly warning?: string
  /** The loaded Tailwind, for the design-system endpoints; absent for a version visual-edit cannot ask. */
  readonly introspection?: TailwindIntrospection
  /** The classes Tailwind does not generate, in the order given. */
  invalid(classes: readonly string[]): string[]
  /** Each class's CSS, or null when Tailwind does not generate it. */
  css(classes: readonly string[]): Map<string, string | null>
  /** A theme variable's value (`--color-red-500`), where the version has a theme to ask (4.x). */
  theme?(name: `--${string}`): string | null
  /** What `className` styles under which variants; null when it is not a Tailwind class. */
  effect(className: string): ClassEffect | null
  /**
   * The class that sets exactly `property: value` under `modifiers` (`md:hover:p-4`). 422 when
   * Tailwind cannot express it.
   */
  classFor(property: string, value: string, modifiers: readonly StyleModifier[]): string
}

export const noClassFor = (property: string, value: string, modifiers: readonly StyleModifier[]) =>
  new MutateError(
    'INVALID_VALUE',
    `Tailwind has no class for ${property}: ${value}${modifiers.length ? ` under ${modifiers.join(', ')}` : ''}. Check the value, or style the element with CSS instead.`,
  )
