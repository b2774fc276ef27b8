/**
 * What the plugin tells the inspector when it injects it (the entry module's argument to
 * `startInspector`): which editor may connect (docs/SECURITY.md).
 */
export interface InspectorConfig {
  /**
   * The port of the editor's origin: the editor that may connect is on it, on the same host name and
   * scheme as the page (`http://localhost:5173` -> `http://localhost:<editorPort>`).
   */
  editorPort?: number
  /** Other origins whose editor may connect (visualEdit({ allowedOrigins })). */
  allowedOrigins?: string[]
}
