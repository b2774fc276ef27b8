import { Command } from 'cmdk'
import { useEffect, useRef, useState } from 'react'
import { tagChoices } from '../../features/prop-fields.ts'
import { useEditorState, useSession } from '../../session/session-context.tsx'

const ITEM =
  'flex h-6 cursor-default items-center rounded px-1.5 font-mono text-[11px] text-[var(--ink)] data-[selected=true]:bg-[var(--selected)]'
const HEADING =
  '[&_[cmdk-group-heading]]:px-1.5 [&_[cmdk-group-heading]]:pt-1.5 [&_[cmdk-group-heading]]:pb-0.5 [&_[cmdk-group-heading]]:font-sans [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:text-[var(--ink-3)]'

/**
 * The Change tag list (combobox 'Search tags'): the components of the element's file and the HTML
 * tags, without the script sinks the server refuses, nor void tags for an element with children;
 * Enter or a click writes CHANGE_TAG for the selection. One list for the panels' Change tag button
 * and the selection menu's 'Change tag…'. While it is shown, the Props feature reads the element's
 * code (the file's components).
 */
export function TagList({
  tagName,
  hasChildren,
  onPicked,
}: {
  tagName: string
  hasChildren: boolean
  /** A tag was chosen (the list's popover closes). */
  onPicked: () => void
}) {
  const session = useSession()
  const [query, setQuery] = useState('')
  const input = useRef<HTMLInputElement>(null)
  // Shown after its chunk loaded (the menu's list): the popover's own focus on open came before it.
  useEffect(() => input.current?.focus(), [])
  const code = useEditorState((state) => state.propsPanel.code)
  useEffect(() => session.props.watch(), [session])
  const choices = tagChoices(tagName, code?.componentsInScope ?? [], hasChildren, query)
  const pick = (tag: string) => {
    onPicked()
    setQuery('')
    void session.props.changeTag(tag)
  }
  return (
    <>
      <Command label="Search tags" shouldFilter={false} loop>
        <Command.Input
          ref={input}
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
    </>
  )
}
