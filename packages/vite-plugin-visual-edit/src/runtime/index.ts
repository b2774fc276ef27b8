/** The inspector bundle's entry: the plugin's injected script calls startInspector(window, config). */
export { startInspector } from './inspector.ts'
