import { useEditorState, useSession } from '../session/session-context.tsx'
import { BreakpointFrame } from './BreakpointFrame.tsx'

/** The breakpoint frames after the primary one on the canvas (features/frames.ts); the toolbar adds them. */
export function FrameStrip({ scale, height }: { scale: number; height: number }) {
  const session = useSession()
  const frames = useEditorState((state) => state.frames)
  return (
    <>
      {frames.map((frame) => {
        const connection = session.frames.connectionOf(frame.id)
        return connection ? (
          <BreakpointFrame
            key={frame.id}
            frame={frame}
            connection={connection}
            scale={scale}
            height={height}
          />
        ) : null
      })}
    </>
  )
}
