/**
 * The address the frame opens: `?app=/route` on the editor's URL (so a link can open the editor on a
 * page of the app), else the root. Only a path of this origin: `//host` and `https:` are refused,
 * since the inspector answers only its own origin.
 */
export function appAddress(search: string): string {
  const requested = new URLSearchParams(search).get('app')
  return requested?.startsWith('/') && !requested.startsWith('//') && !requested.startsWith('/\\')
    ? requested
    : '/'
}
