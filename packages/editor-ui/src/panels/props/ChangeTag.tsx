import * as Popover from '@radix-ui/react-popover'
import { ChevronsUpDown } from 'lucide-react'
import { useState } from 'react'
import { useEditorState } from '../../session/session-context.tsx'
import { BUTTON } from './props-ui.ts'
import { TagList } from './TagList.tsx'

/**
 * Change tag (getByRole('button', { name: 'Change tag' })): a searchable list (cmdk) of the components
 * of the element's file and the HTML tags, without the script sinks the server refuses, nor void tags
 * for an element with children (TagList). Enter or a click writes CHANGE_TAG.
 */
export function ChangeTag({ tagName, hasChildren }: { tagName: string; hasChildren: boolean }) {
  const [open, setOpen] = useState(false)
  const saving = useEditorState((state) => state.propsPanel.saving)
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label="Change tag"
        title="Change tag"
        disabled={saving !== null}
        className={`${BUTTON} h-5 px-1`}
      >
        <ChevronsUpDown aria-hidden="true" size={12} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label="Change tag"
          onKeyDown={(event) => {
            // Escape closes the list only; the editor's Escape (select the parent) must not run too.
            if (event.key === 'Escape') event.preventDefault()
          }}
          className="z-50 w-56 rounded border border-[var(--line)] bg-[var(--chrome)] text-[var(--ink)] shadow-lg"
        >
          <TagList tagName={tagName} hasChildren={hasChildren} onPicked={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
