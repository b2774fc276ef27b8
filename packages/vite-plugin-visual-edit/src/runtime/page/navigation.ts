import { OutboundEvent } from '../../protocol/messages.ts'
import type { InspectorContext } from '../core/context.ts'

/** A traversal the page aborts (another navigation, a beforeunload) is not an error of the editor's. */
function settled(result: NavigationResult): void {
  result.committed?.catch(() => {})
  result.finished?.catch(() => {})
}

/**
 * History functions for the editor's toolbar, and the page's address reported to the editor whenever
 * it changes (links, history.pushState/replaceState of client-side routers, back and forward).
 */
export function createNavigation(context: InspectorContext) {
  const { win } = context
  let lastHref = ''
  const report = () => {
    if (win.location.href === lastHref) return
    lastHref = win.location.href
    context.send(OutboundEvent.LATEST_HREF, lastHref)
  }
  const originals = { pushState: win.history.pushState, replaceState: win.history.replaceState }
  /**
   * One step back or forward through the page's own history. Inside the editor's frame,
   * history.back() moves through the whole tab's history and can take the editor itself back; the
   * Navigation API (Chromium since 102) moves through this frame's entries only, and tells when there
   * is none. Browsers without it fall back to `history`.
   */
  const traverse = (direction: 'back' | 'forward'): boolean => {
    const own = (win as Partial<Pick<Window, 'navigation'>>).navigation
    if (!own) {
      win.history[direction]()
      return true
    }
    if (!(direction === 'back' ? own.canGoBack : own.canGoForward)) return false
    settled(own[direction]())
    return true
  }

  return {
    start() {
      win.addEventListener('popstate', report, { signal: context.signal })
      win.addEventListener('hashchange', report, { signal: context.signal })
      for (const name of ['pushState', 'replaceState'] as const) {
        const original = originals[name]
        win.history[name] = function (this: History, ...args: Parameters<History['pushState']>) {
          original.apply(this, args)
          queueMicrotask(report)
        }
      }
      context.on((type) => {
        if (type === 'connected') {
          lastHref = ''
          report()
        }
      })
    },
    stop() {
      win.history.pushState = originals.pushState
      win.history.replaceState = originals.replaceState
    },
    /** Going back works only when the page was reached from another one (a referrer exists). */
    goBack(): boolean {
      return win.document.referrer ? traverse('back') : false
    },
    /** False when the page has nothing forward. */
    goForward: (): boolean => traverse('forward'),
    refresh(): boolean {
      win.location.reload()
      return true
    },
  }
}
