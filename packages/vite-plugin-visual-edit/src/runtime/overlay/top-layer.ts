/**
 * Keeps the overlay host in the browser's top layer, and last in it.
 *
 * z-index orders boxes only within their stacking context, and the top layer is above every one of
 * them: a modal `<dialog>` (showModal), a popover (showPopover, `popovertarget`) and a fullscreen
 * element cover any z-index, with their `::backdrop` under them. The outlines must stay above what
 * the user is editing, a dialog included, so the host is a `popover="manual"` element shown at once
 * (manual: no light dismiss, and opening or closing the app's popovers leaves it open). The top layer
 * paints in the order elements entered it, so whenever another element enters it, the host is hidden
 * and shown again before the next frame, which makes it the last one:
 *
 *     top layer: [host]  + dialog.showModal()  ->  [host, dialog]  + raise()  ->  [dialog, host]
 *
 * The outlines take no pointer events, and while a modal dialog is open everything outside it is
 * inert anyway, the host included (HTML's "blocked by a modal dialog"): only what the page shows
 * changes. A browser without popovers (before 2024) keeps the host's z-index, the largest there is.
 * Not seen: a popover inside the app's own shadow roots (its toggle events stop at the shadow root).
 */
export interface TopLayer {
  /** Listens for other elements entering the top layer (with the given signal). */
  start(signal: AbortSignal): void
  /** Puts the host last in the top layer now (it was just appended, or something else entered). */
  raise(): void
  stop(): void
}

type PopoverHost = HTMLElement & { showPopover?: () => void; hidePopover?: () => void }

export function createTopLayer(win: Window, doc: Document, host: PopoverHost): TopLayer {
  let frame = 0
  const supported = typeof host.showPopover === 'function' && typeof host.hidePopover === 'function'
  if (supported) host.setAttribute('popover', 'manual')

  const raise = () => {
    if (!supported || !host.isConnected) return
    // Hidden, then shown again: last in the top layer. Each on its own, as browsers of 2023 threw
    // hiding a popover that was not shown (and showing one that was).
    try {
      host.hidePopover?.()
    } catch {
      // It was not shown: nothing to hide.
    }
    try {
      host.showPopover?.()
    } catch {
      // Not shown (a document without a browsing context): the host's z-index still holds.
    }
  }

  /**
   * `beforetoggle` fires as a dialog or popover starts to open, before it enters the top layer; a
   * fullscreen element has entered it by `fullscreenchange`. Either way the host goes back on top
   * in the next animation frame, before that frame is painted.
   */
  const raiseSoon = (event: Event) => {
    if (event.target === host) return
    if (event.type === 'beforetoggle' && (event as ToggleEvent).newState !== 'open') return
    if (frame) return
    frame = win.requestAnimationFrame(() => {
      frame = 0
      raise()
    })
  }

  return {
    start(signal) {
      if (!supported) return
      doc.addEventListener('beforetoggle', raiseSoon, { capture: true, signal })
      doc.addEventListener('fullscreenchange', raiseSoon, { signal })
    },
    raise,
    stop() {
      if (frame) win.cancelAnimationFrame(frame)
      frame = 0
    },
  }
}
