import { OutboundEvent } from '../protocol/messages.ts'
import type { InspectorContext } from './context.ts'

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
      // Spec: only with a referrer. history.length counts the whole tab, the editor's pages included.
      if (!win.document.referrer) return false
      win.history.back()
      return true
    },
    goForward(): boolean {
      win.history.forward()
      return true
    },
    refresh(): boolean {
      win.location.reload()
      return true
    },
  }
}
