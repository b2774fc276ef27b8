/**
 * The esbuild options of the inspector runtime, shared by the package build
 * (scripts/bundle-runtime.mjs) and the plugin run from its sources (runtime-plugin.ts). The entry is
 * `inspector.js`; the editing features (a dynamic import in runtime/inspector.ts) become a chunk of
 * their own, and code both use another, all named `inspector-*.js`.
 */
export const RUNTIME_BUILD_OPTIONS = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  splitting: true,
  chunkNames: 'inspector-[name]-[hash]',
} as const

/** The files of a runtime build: `inspector.js` and its chunks. */
export const RUNTIME_FILE = /^inspector(-[\w-]+)?\.js$/
