/** A session id per tab: the server keeps one undo history per canvas, which a reload of the editor keeps. */
export function canvasId(): string {
  const key = 'visual-edit:canvas'
  const known = sessionStorage.getItem(key)
  if (known) return known
  const id = `editor-${crypto.randomUUID().slice(0, 8)}`
  sessionStorage.setItem(key, id)
  return id
}
