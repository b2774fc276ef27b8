import type { InspectorContext } from '../core/context.ts'

const STYLE_ID = 'visual-edit-storyboard-style'

/**
 * The query flags' page styles: `storyboard=true` makes the app root fill the viewport; a STORY or
 * COMPONENT storyboard gets transparent backgrounds and hidden overflow.
 */
export function applyStoryboardStyles(context: InspectorContext): () => void {
  const rules: string[] = []
  if (context.flags.storyboard) rules.push('html, body, #root { width: 100vw; height: 100vh; margin: 0; }')
  if (context.flags.type !== 'APPLICATION')
    rules.push('html, body, #root { background: transparent !important; overflow: hidden !important; }')
  if (rules.length === 0) return () => {}
  const style = context.doc.createElement('style')
  style.id = STYLE_ID
  style.textContent = rules.join('\n')
  context.doc.head.appendChild(style)
  return () => style.remove()
}
