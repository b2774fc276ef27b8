import type { ProjectResponse } from 'vite-plugin-visual-edit/protocol'

/** Where the editor's frame opens the app: the app's origin (the only one the editor talks to) and the page. */
export interface AppLocation {
  /** The app's origin: its port on the host name the editor was opened with (`http://localhost:5173`). */
  origin: string
  /** The frame's first address: `?app=/route` on the editor's URL, else the app's base. */
  src: string
  /** Which project (ProjectResponse.project.id): what the editor keeps per project is under it. */
  projectId: string
}

/**
 * The app's location for an editor at `location`: the same scheme and host name (so both are reached
 * the same way, and the inspector accepts the editor's origin: the editor's port on its page's host
 * name), the app's port; the page from `?app=` when it is a path (`//host` and `https:` are refused: the
 * frame shows this app only), else the base.
 *
 *   editor http://localhost:5174/__visual-edit/?app=/listing/L1001, app port 5173
 *     -> { origin: 'http://localhost:5173', src: 'http://localhost:5173/listing/L1001', projectId }
 */
export function appLocation(
  location: Pick<Location, 'protocol' | 'hostname' | 'search'>,
  project: ProjectResponse,
): AppLocation {
  const origin = `${location.protocol}//${location.hostname}:${project.app.port}`
  const requested = new URLSearchParams(location.search).get('app')
  const path =
    requested?.startsWith('/') && !requested.startsWith('//') && !requested.startsWith('/\\')
      ? requested
      : project.app.base
  return { origin, src: new URL(path, origin).href, projectId: project.project.id }
}
