import type { InspectorContext } from '../core/context.ts'

type OverlayConstructor = new (error: { message: string; stack: string; plugin?: string }) => HTMLElement

/**
 * With `framework=VITE`, runtime errors and unhandled promise rejections show in Vite's error overlay,
 * as build errors do, so the editor (and hydration checks) see them.
 */
export function createViteErrorOverlay(context: InspectorContext) {
  const { win } = context
  const show = (reason: unknown) => {
    const Overlay = win.customElements.get('vite-error-overlay') as OverlayConstructor | undefined
    if (!Overlay) return
    const error = reason instanceof Error ? reason : new Error(String(reason))
    for (const element of win.document.querySelectorAll('vite-error-overlay')) element.remove()
    win.document.body.appendChild(
      new Overlay({ message: error.message, stack: error.stack ?? '', plugin: 'runtime' }),
    )
  }
  return {
    start() {
      if (context.flags.framework !== 'VITE') return
      win.addEventListener('error', (event) => show(event.error ?? event.message), { signal: context.signal })
      win.addEventListener('unhandledrejection', (event) => show(event.reason), { signal: context.signal })
    },
  }
}
