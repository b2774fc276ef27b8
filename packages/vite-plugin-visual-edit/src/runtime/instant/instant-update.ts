import type {
  InstantChangeItem,
  InstantUpdateDonePayload,
  InstantUpdateReply,
} from '../../protocol/instant-update.ts'
import { OutboundEvent } from '../../protocol/messages.ts'
import type { InspectorContext } from '../core/context.ts'
import type { NavTree } from '../tree/nav-tree.ts'
import { createInstantAppliers } from './instant-apply.ts'
import { InstantRecord, type Touched, touchedBy, waitMet } from './instant-markers.ts'
import { declaredProperties } from './instant-styles.ts'

/**
 * Instant updates (docs/INSPECTOR.md, Instant updates): `applyChangeItemToDocument` shows a change at
 * once as a temporary change of the page (instant-markers.ts says how React's nodes are kept intact);
 * when the server's write reloads the module, the re-rendered page replaces it.
 *
 * No flash: a change's temporary DOM goes only once the page shows the change for real. Its cleanup
 * is queued when a flush begins after it was applied (setIsFlushing false -> true); from then a
 * MutationObserver watches for React's commit: the hidden originals removed or rendered again, the
 * parent given its new children, the className written anew, the text or attribute set, and for the
 * rules of a style or class the page's computed style the same without them (so a class whose CSS
 * comes after the commit, in Tailwind's stylesheet update, stays shown until then). The observer's
 * callback runs in the commit's own task, before the frame is painted, so no frame shows the old state.
 * A queued change the page never re-renders (the server changed nothing, the module could not hot
 * update) is cleaned up INSTANT_CLEANUP_FALLBACK_MS after the flush ended or the last hot update;
 * a full reload takes everything with the page.
 */

/** How long after a flush ended (or the last hot update) a queued change's temporary DOM goes anyway. */
export const INSTANT_CLEANUP_FALLBACK_MS = 2000
const ID_CHARS = /^[\w-]{1,128}$/
const OBSERVED = { subtree: true, childList: true, attributes: true, characterData: true }

/** Vite's HMR client as the runtime uses it: `import.meta.hot` of the module Vite serves it as. */
interface HotEvents {
  on(event: 'vite:afterUpdate', listener: () => void): void
}

export interface InstantUpdates {
  /** applyChangeItemToDocument: shows the change; replies and sends INSTANT_UPDATE_DONE. */
  apply(item: InstantChangeItem): InstantUpdateReply
  /** setIsFlushing: false -> true queues the changes shown so far for cleanup after the reload. */
  setFlushing(flushing: boolean): boolean
  /** updateCodebaseIds: the copies made and the ids kept for undo follow the renamed elements. */
  remap(prevIdToNewIdMap: Readonly<Record<string, string>>): void
  /** Takes every temporary change out of the page. */
  stop(): void
}

const viteHot = () => (import.meta as ImportMeta & { hot?: HotEvents }).hot

export function createInstantUpdates(
  context: InspectorContext,
  tree: Pick<NavTree, 'nodesWithCodebaseId' | 'elementsOf'>,
  hot: HotEvents | undefined = viteHot(),
): InstantUpdates {
  const { win, doc } = context
  const records = new Map<string, InstantRecord>()
  const appliers = createInstantAppliers(context, tree, records)
  let fallback: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  /** Whether the record's rules change nothing any more: the page's own CSS shows the same (else they stay on). */
  const sameStyle = (record: InstantRecord) => {
    const properties = [
      ...record.styles.reduce((set, style) => declaredProperties(style.sheet, set), new Set<string>()),
    ]
    const read = () =>
      record.styled
        .map((el) => {
          const computed = win.getComputedStyle(el)
          return properties.map((property) => computed.getPropertyValue(property)).join(';')
        })
        .join('|')
    const shown = read()
    for (const style of record.styles) style.disabled = true
    const same = read() === shown
    if (!same) for (const style of record.styles) style.disabled = false
    return same
  }

  /** Records that may go now (all their waits met, their rules no longer needed) are cleaned up; `force`: every queued one. */
  const settle = (touched: Touched, styleChanged: boolean, force = false) => {
    for (const record of [...records.values()]) {
      if (!record.queued) continue
      let open = false
      for (const wait of record.waits) {
        wait.met ||= waitMet(wait, touched)
        open ||= !wait.met
      }
      if (!force && (open || (record.styles.length > 0 && !(styleChanged && sameStyle(record))))) continue
      record.cleanup()
      records.delete(record.id)
    }
    quiet()
  }

  const styleRecord = (record: MutationRecord) => {
    if (record.type === 'attributes')
      return record.attributeName === 'class' || record.attributeName === 'style'
    const node = record.target.nodeType === 1 ? (record.target as Element) : record.target.parentElement
    return node?.closest('head, style') != null
  }
  const observer = new (win as Window & typeof globalThis).MutationObserver((list) =>
    settle(touchedBy(list), list.some(styleRecord)),
  )

  /** Drops the records of the inspector's own mutations; observes the page while cleanups are queued. */
  const quiet = () => {
    observer.takeRecords()
    if ([...records.values()].some((record) => record.queued)) observer.observe(doc.documentElement, OBSERVED)
    else observer.disconnect()
  }
  const arm = () => {
    win.clearTimeout(fallback)
    if ([...records.values()].some((record) => record.queued))
      fallback = win.setTimeout(() => settle(new Map(), false, true), INSTANT_CLEANUP_FALLBACK_MS)
  }

  // A stylesheet's hot update can land without a mutation the observer sees as the page's (a <link>'s
  // sheet swapped); the commit React makes after it is seen anyway.
  hot?.on('vite:afterUpdate', () => {
    if (stopped) return
    settle(new Map(), true)
    if (!context.isFlushing) arm()
  })

  return {
    apply(item) {
      const id = typeof item?.id === 'string' ? item.id : ''
      let reply: InstantUpdateReply = { success: true }
      try {
        if (!ID_CHARS.test(id)) throw new Error('An instant update needs the change item id (a UUID)')
        records.get(id)?.revert()
        records.delete(id)
        const record = new InstantRecord(
          id,
          (item.type === 'ADD_CLASS' && item.changeFields?.temporaryOnly === true) ||
            (item.type === 'UPDATE_CLASSES' && item.changeFields?.isInstantChangeOnly === true),
        )
        try {
          appliers.run(item, record)
        } catch (error) {
          record.revert()
          throw error
        }
        if (record.temps.length + record.edits.length > 0) records.set(id, record)
      } catch (error) {
        reply = { success: false, error: error instanceof Error ? error.message : String(error) }
      }
      quiet()
      context.send(OutboundEvent.INSTANT_UPDATE_DONE, {
        changeId: id,
        ...reply,
      } satisfies InstantUpdateDonePayload)
      return reply
    },
    setFlushing(flushing) {
      if (flushing && !context.isFlushing)
        for (const record of records.values()) record.queued ||= !record.temporary
      context.isFlushing = Boolean(flushing)
      if (!context.isFlushing) arm()
      quiet()
      return true
    },
    remap(map) {
      appliers.remap(map)
      quiet()
    },
    stop() {
      stopped = true
      win.clearTimeout(fallback)
      for (const record of [...records.values()].reverse()) record.revert()
      records.clear()
      observer.disconnect()
    },
  }
}
