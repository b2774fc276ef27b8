import { OutboundEvent } from '../protocol/messages.ts'
import type { InspectorContext } from './context.ts'

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
   * The Navigation API: this frame's own session history, where `history` is the whole tab's. Older
   * browsers lack it (Chromium has it since 102); they fall back to `history`.
   */
  const ownHistory = (): Navigation | null => (win as Partial<Pick<Window, 'navigation'>>).navigation ?? null

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
    /**
     * Going back works only when the page was reached from another one (a referrer exists), and only
     * within the page's own history: inside the editor's frame, history.back() moves through the
     * whole tab's history and can take the editor itself back. Where the Navigation API exists
     * (Chromium), it goes to this frame's previous entry, and answers false when there is none.
     */
    goBack(): boolean {
      if (!win.document.referrer) return false
      const own = ownHistory()
      if (!own) {
        win.history.back()
        return true
      }
      if (!own.canGoBack) return false
      settled(own.back())
      return true
    },
    /** Forward within the page's own history, as goBack; false when there is nothing forward. */
    goForward(): boolean {
      const own = ownHistory()
      if (!own) {
        win.history.forward()
        return true
      }
      if (!own.canGoForward) return false
      settled(own.forward())
      return true
    },
    refresh(): boolean {
      win.location.reload()
      return true
    },
  }
}
