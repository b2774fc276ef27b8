import { useEffect } from 'react'
import { activatesOnEnter, commandFor, isTyping, NAVIGATION_COMMANDS } from '../features/commands.ts'
import { useSession } from '../session/session-context.tsx'

/**
 * The editor's shortcuts with the focus in the editor page (keys pressed inside the frame come as the
 * inspector's KEY_DOWN events, see EditorSession). Never while the user types in a field, but for the
 * palette's Cmd/Ctrl+K (it types nothing); while the palette or the shortcuts sheet is open, only the
 * keys that close them.
 */
export function useShortcuts(): void {
  const session = useSession()
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      const command = commandFor(event)
      if (!command || (isTyping(event.target) && command !== 'palette')) return
      const { paletteOpen, shortcutsOpen } = session.state
      if ((paletteOpen || shortcutsOpen) && command !== 'palette' && command !== 'shortcuts') return
      // Enter on a focused button, link or menu item is that control's own action.
      if (command === 'editText' && activatesOnEnter(event.target)) return
      // Arrows and Shift+Enter are every focused control's own (the layers, tabs, fields); the
      // selection moves by them only with the focus on no control (after a click on the canvas).
      if (NAVIGATION_COMMANDS.has(command) && event.target !== document.body) return
      // Menus and dialogs close themselves on Escape; the selection only when nothing else took it.
      if (command === 'escape' && session.state.contextMenu) return
      event.preventDefault()
      void session.run(command)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [session])
}
