import type { FilterPattern } from 'vite'

export interface VisualEditOptions {
  /**
   * Modules to tag, as picomatch globs (relative to the project root) or regular expressions matched
   * against absolute paths. Only `.jsx` and `.tsx` files under the root are ever tagged.
   * @default ['**\/*.jsx', '**\/*.tsx']
   */
  include?: FilterPattern
  /**
   * Modules never to tag, on top of `node_modules`, which is always excluded.
   * @default []
   */
  exclude?: FilterPattern
}

export interface ResolvedVisualEditOptions {
  include: FilterPattern
  exclude: FilterPattern
}

export function resolveOptions(options: VisualEditOptions = {}): ResolvedVisualEditOptions {
  return {
    include: options.include ?? ['**/*.jsx', '**/*.tsx'],
    exclude: options.exclude ?? [],
  }
}
