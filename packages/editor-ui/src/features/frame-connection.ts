import { type ElementKey, type InspectorLookup, StoryboardType } from 'vite-plugin-visual-edit/protocol'
import { type Actor, createActor, fromPromise } from 'xstate'
import { connectionMachine } from '../machines/connection.machine.ts'
import { InspectorBridge } from '../port/inspector-bridge.ts'
import { AppFrame } from './app-frame.ts'
import { STORYBOARD_ID } from './connection.ts'
import { rekey } from './frames-model.ts'

/** What an extra frame's handshake tells its inspector: what the primary frame's inspector holds now. */
export interface FrameHandshakeState {
  zoom: number
  ai: boolean
  driving: boolean
  /** The selection, in the primary's storyboard. */
  selected: readonly ElementKey[]
  lookups: ReadonlyMap<string, InspectorLookup>
}

/**
 * One extra breakpoint frame's connection: its iframe, its own port (an `InspectorBridge`, so its
 * events are checked by the same schemas as the primary's) and its own connection machine, the
 * primary's machine with a handshake of its own. Each load of the frame (an HMR that reloaded, a
 * followed navigation) redoes the handshake, which tells the inspector its storyboard id and what the
 * primary's holds (zoom, AI context, drive mode, lookups, the selection).
 */
export class FrameConnection {
  readonly bridge = new InspectorBridge()
  readonly frame = new AppFrame()
  readonly actor: Actor<typeof connectionMachine>
  /** The address the frame's app last reported (LATEST_HREF), and the one the editor last loaded. */
  href = ''
  requested = ''

  constructor(
    readonly id: string,
    app: { origin: string; src: string },
    now: () => FrameHandshakeState,
  ) {
    this.actor = createActor(
      connectionMachine.provide({
        actors: { handshake: fromPromise(() => this.#handshake(app, now())) },
      }),
    ).start()
  }

  loaded(): void {
    this.bridge.disconnect()
    this.actor.send({ type: 'FRAME_LOADED' })
  }

  /** The frame left the canvas: its port closes and its machine stops. */
  stop(): void {
    this.bridge.disconnect('The breakpoint frame was removed')
    this.actor.stop()
  }

  async #handshake(app: { origin: string; src: string }, state: FrameHandshakeState): Promise<void> {
    const target = this.frame.window
    if (!target) throw new Error('The breakpoint frame is not there')
    const { bridge, id } = this
    bridge.connect(target, app.origin)
    await bridge.call('initProject', {
      storyboardId: id,
      storyboardType: StoryboardType.APPLICATION,
      originalUrl: app.src,
    })
    const calls: Promise<unknown>[] = [
      bridge.call('setZoomPerc', state.zoom),
      bridge.call('setAiContext', state.ai),
      bridge.call(state.driving ? 'enableDriveMode' : 'disableDriveMode'),
      // The selection it shows is the primary frame's: the spec's secondary outline, no badges.
      bridge.call('setMirroredSelection', true),
    ]
    if (state.lookups.size > 0) calls.push(bridge.call('setNewLookups', Object.fromEntries(state.lookups)))
    await Promise.all(calls)
    const selected = rekey(state.selected, STORYBOARD_ID, id)
    if (selected.length > 1) await bridge.call('setMultiselectedElementKeys', [...selected])
    else if (selected[0]) await bridge.call('setSelectedElement', selected[0])
  }
}
