import type { CallableFunction, InspectorFunctions } from 'vite-plugin-visual-edit/protocol'
import { InspectorBridge } from './inspector-bridge.ts'

/** Told of each call made to the primary frame's inspector, after it is sent. */
export type CallMirror = <Name extends CallableFunction>(
  name: Name,
  args: InspectorFunctions[Name]['args'],
) => void

/**
 * The primary frame's bridge, whose calls the breakpoint frames see too (features/frames.ts): every
 * feature keeps calling one bridge, and a selection, an instant update, the zoom or drive mode reach
 * every frame in the same task as the primary's, without each feature knowing there are frames.
 * Only the primary's answers are returned: the extra frames show, they do not decide.
 */
export class MirroredBridge extends InspectorBridge {
  #mirror: CallMirror | null = null

  /** Sets who hears the calls (one listener: the frames). */
  mirrorTo(mirror: CallMirror | null): void {
    this.#mirror = mirror
  }

  override call<Name extends CallableFunction>(
    name: Name,
    ...args: InspectorFunctions[Name]['args']
  ): Promise<unknown> {
    const answer = super.call(name, ...args)
    this.#mirror?.(name, args)
    return answer
  }
}
