import { useSelector } from '@xstate/react'
import { Component, RotateCw, SquareTerminal } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { hasCodebaseIdPrefix } from 'vite-plugin-visual-edit/protocol'
import { propRows } from '../../features/prop-fields.ts'
import { useEditorState, useSession } from '../../session/session-context.tsx'
import { AddProp } from './AddProp.tsx'
import { ChangeTag } from './ChangeTag.tsx'
import { CodeLink } from './CodeLink.tsx'
import { LiveValues } from './LiveValues.tsx'
import { PropRowView } from './PropRowView.tsx'
import { BUTTON, LABEL } from './props-ui.ts'

/**
 * The Props panel (right, a tab beside Element and Styles): the selected element's props as its code
 * writes them, each literal edited by its type (text, number, boolean, and a list when the
 * component's TypeScript type is a union of literals), an expression shown read-only with where it
 * is; Add prop and Remove; Change tag; for a component instance, its live props and state, and 'Log
 * state and props' to the console. Accessible names, for tests: each prop's control is named by the
 * prop (`getByRole('textbox', { name: 'label' })`, `'spinbutton'`, `'checkbox'`, `'combobox'`),
 * `Remove <name>`, `Add prop`, `New prop name` (a combobox: it suggests the declared props), `New
 * prop type`, `New prop value`, `Change tag`, `Search tags`, `Log state and props`.
 */
export function PropsPanel() {
  const session = useSession()
  const selected = useSelector(session.selection, (snapshot) => snapshot.context.selected)
  const view = useEditorState((state) => state.propsPanel)
  const nodes = useEditorState((state) => state.nodes)
  useEffect(() => session.props.watch(), [session])
  const key = selected.length === 1 ? selected[0] : undefined

  let body: ReactNode
  if (selected.length > 1) body = <Empty>Props are edited one element at a time: select one.</Empty>
  else if (!key) body = <Empty>Select an element to see its props.</Empty>
  else if (!hasCodebaseIdPrefix(key.codebaseId))
    body = <Empty>This element has no counterpart in the code (a library rendered it).</Empty>
  else if (view.status === 'error' && !view.code)
    body = (
      <div className="flex flex-col gap-1 px-3 py-2 text-[12px]">
        <p className="m-0 text-red-600 dark:text-red-400">Could not read the props: {view.error}</p>
        <button type="button" onClick={() => session.props.refresh()} className={`${BUTTON} w-fit`}>
          <RotateCw aria-hidden="true" size={12} />
          Retry
        </button>
      </div>
    )
  else if (!view.code || view.code.id !== key.codebaseId) body = <Empty>Reading the props…</Empty>
  else {
    const code = view.code
    const node = nodes.find(
      (candidate) =>
        candidate.key.codebaseId === key.codebaseId && candidate.key.uniquePath === key.uniquePath,
    )
    const rows = propRows(code)
    body = (
      <div className="flex flex-col gap-3 px-3 pb-4">
        <div className="flex min-w-0 items-center gap-1">
          {code.isComponent ? (
            <Component aria-hidden="true" size={13} className="shrink-0 text-[var(--component-ink)]" />
          ) : null}
          <span
            data-testid="props-element"
            className={`truncate font-mono text-[13px] ${code.isComponent ? 'text-[var(--component-ink)]' : ''}`}
          >
            {code.isComponent ? code.tagName : `<${code.tagName}>`}
          </span>
          <ChangeTag tagName={code.tagName} hasChildren={(node?.children.length ?? 0) > 0} />
          {code.isComponent ? (
            <button
              type="button"
              aria-label="Log state and props"
              title={`Log the state and props of every ${code.tagName} in the console`}
              onClick={() => session.props.logStateAndProps()}
              className={`${BUTTON} ml-auto h-5 px-1`}
            >
              <SquareTerminal aria-hidden="true" size={12} />
            </button>
          ) : null}
        </div>
        <CodeLink at={code.at} className="-mt-2" />

        <fieldset
          aria-label="Props"
          aria-busy={view.saving !== null}
          className="m-0 flex min-w-0 flex-col gap-1 border-0 p-0"
        >
          {rows.length === 0 ? <p className={`m-0 ${LABEL}`}>No props written on it.</p> : null}
          {rows.map((row) => (
            <PropRowView key={`${row.name}@${row.at.line}:${row.at.column}`} row={row} saving={view.saving} />
          ))}
          <AddProp key={code.id} code={code} saving={view.saving} />
        </fieldset>

        {code.isComponent && !code.declared && code.declaredNote ? (
          <p className={`m-0 ${LABEL}`}>Prop types not read: {code.declaredNote}.</p>
        ) : code.declared ? (
          <p className={`m-0 ${LABEL}`}>
            Types from {code.declared.component}’s props type in <CodeLink at={code.declared.at} />
          </p>
        ) : null}

        {code.isComponent ? <LiveValues live={view.live} error={view.liveError} /> : null}
      </div>
    )
  }

  return (
    <section aria-label="Props" className="flex h-full flex-col overflow-auto bg-[var(--chrome)]">
      <header className="flex h-8 shrink-0 items-center px-3">
        <h2 className="font-semibold text-[12px]">Props</h2>
      </header>
      {body}
    </section>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="m-0 px-3 py-2 text-[12px] text-[var(--ink-3)]">{children}</p>
}
