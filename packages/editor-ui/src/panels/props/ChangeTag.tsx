import * as Popover from '@radix-ui/react-popover'
import { Command } from 'cmdk'
import { ChevronsUpDown } from 'lucide-react'
import { useEffect, useState } from 'react'
import { tagChoices } from '../../features/prop-fields.ts'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { BUTTON } from './props-ui.ts'

const ITEM =
  'flex h-6 cursor-default items-center rounded px-1.5 font-mono text-[11px] text-[var(--ink)] data-[selected=true]:bg-[var(--selected)]'
const HEADING =
  '[&_[cmdk-group-heading]]:px-1.5 [&_[cmdk-group-heading]]:pt-1.5 [&_[cmdk-group-heading]]:pb-0.5 [&_[cmdk-group-heading]]:font-sans [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:text-[var(--ink-3)]'

/**
 * Change tag (getByRole('button', { name: 'Change tag' })): a searchable list (cmdk) of the components
 * of the element's file and the HTML tags, without the script sinks the server refuses, nor void tags
 * for an element with children. Enter or a click writes CHANGE_TAG. While open, the Props feature
 * reads the element's code (the file's components).
 */
export function ChangeTag({ tagName, hasChildren }: { tagName: string; hasChildren: boolean }) {
  const session = useSession()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const code = useEditorState((state) => state.propsPanel.code)
  const saving = useEditorState((state) => state.propsPanel.saving)
  useEffect(() => (open ? session.props.watch() : undefined), [open, session])
  const choices = tagChoices(tagName, code?.componentsInScope ?? [], hasChildren, query)
  const pick = (tag: string) => {
    setOpen(false)
    setQuery('')
    void session.props.changeTag(tag)
  }
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
          <Command label="Search tags" shouldFilter={false} loop>
            <Command.Input
              value={query}
              onValueChange={setQuery}
              placeholder="Search tags and components"
              autoComplete="off"
              spellCheck={false}
              className="h-7 w-full border-[var(--line)] border-b bg-transparent px-2 text-[12px] outline-none placeholder:text-[var(--ink-3)]"
            />
            <Command.List className={`max-h-64 overflow-y-auto p-1 ${HEADING}`}>
              <Command.Empty className="px-1.5 py-1 text-[11px] text-[var(--ink-3)]">
                No tag or component matches.
              </Command.Empty>
              {choices.components.length > 0 ? (
                <Command.Group heading="Components in this file">
                  {choices.components.map((tag) => (
                    <Command.Item
                      key={tag}
                      value={tag}
                      onSelect={() => pick(tag)}
                      className={`${ITEM} text-[var(--component-ink)]`}
                    >
                      {tag}
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              <Command.Group heading="HTML">
                {choices.html.map((tag) => (
                  <Command.Item key={tag} value={tag} onSelect={() => pick(tag)} className={ITEM}>
                    {`<${tag}>`}
                  </Command.Item>
                ))}
              </Command.Group>
            </Command.List>
          </Command>
          {code === null ? (
            <p
              role="status"
              className="m-0 border-[var(--line)] border-t px-2 py-1 text-[11px] text-[var(--ink-3)]"
            >
              Reading the file’s components…
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
