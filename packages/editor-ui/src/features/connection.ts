import { StoryboardType } from 'vite-plugin-visual-edit/protocol'
import { type Actor, createActor, fromPromise } from 'xstate'
import { connectionMachine } from '../machines/connection.machine.ts'
import type { InspectorBridge } from '../port/inspector-bridge.ts'
import type { AppFrame } from './app-frame.ts'
import type { Page } from './page.ts'
import type { Selection } from './selection.ts'
import type { Tree } from './tree.ts'
import type { View } from './view.ts'

/** The one storyboard `visual-edit edit` opens: the app at a route. */
export const STORYBOARD_ID = 'app'

/** What the handshake tells the inspector, and where. */
interface HandshakeParts {
  bridge: InspectorBridge
  /** Where the app is: its origin (the only one the bridge talks to) and the frame's first address. */
  app: { origin: string; src: string }
  frame: AppFrame
  view: View
  page: Page
  selection: Selection
  tree: Tree
}

/**
 * The connection to the inspector in the app's frame (docs/EDITOR.md, Connection): every load of the
 * frame (the first, or a full reload) disconnects the port and redoes the handshake, which tells the
 * inspector what the editor holds (zoom, AI context, drive mode) and, after a reload, restores the
 * selection by codebase id. A handshake that fails leaves the machine in `failed` with its message.
 */
export class Connection {
  readonly actor: Actor<typeof connectionMachine>
  readonly #bridge: InspectorBridge

  constructor(deps: HandshakeParts) {
    this.#bridge = deps.bridge
    this.actor = createActor(
      connectionMachine.provide({
        actors: { handshake: fromPromise(({ input }) => this.#handshake(deps, input.reconnect)) },
      }),
    ).start()
  }

  frameLoaded(): void {
    this.#bridge.disconnect()
    this.actor.send({ type: 'FRAME_LOADED' })
  }

  async #handshake(
    { bridge, app, frame, view, page, selection, tree }: HandshakeParts,
    reconnect: boolean,
  ): Promise<void> {
    const target = frame.window
    if (!target) throw new Error('The app frame is not there')
    const selectedBefore = selection.keys[0] ?? null
    bridge.connect(target, app.origin)
    await bridge.call('initProject', {
      storyboardId: STORYBOARD_ID,
      storyboardType: StoryboardType.APPLICATION,
      originalUrl: app.src,
    })
    await Promise.all([
      bridge.call('setZoomPerc', view.state.zoom),
      bridge.call('setAiContext', page.state.ai),
      bridge.call(selection.driving ? 'enableDriveMode' : 'disableDriveMode'),
      bridge.call('checkIfHydrationError'),
    ])
    // After a full reload the selection is restored by codebase id (paths may have moved).
    if (reconnect && selectedBefore) {
      const node = tree.firstWithCodebaseId(selectedBefore.codebaseId)
      if (node) await selection.select(node.key)
      else selection.actor.send({ type: 'CLEAR' })
    }
  }
}
