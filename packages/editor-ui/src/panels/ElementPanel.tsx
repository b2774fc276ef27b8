import { useSelector } from '@xstate/react'
import { Component, ExternalLink } from 'lucide-react'
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { type ElementLookup, hasCodebaseIdPrefix, type NavTreeNode } from 'vite-plugin-visual-edit/protocol'
import { logFailure } from '../features/failures.ts'
import { useEditorState, useSession } from '../session/session-context.tsx'
import { type Commit, CommitDraft } from './commit-draft.ts'
import { openInEditorHref, propText, splitClasses } from './element-fields.ts'
import { openInCodeEditor } from './open-in-editor.ts'

/** Change tag's list (cmdk) is the Props panel's chunk: fetched when the panel first shows it. */
const ChangeTag = lazy(() =>
  import('./props/ChangeTag.tsx').then((module) => ({ default: module.ChangeTag })),
)

/** Props the panel does not list: shown elsewhere (classes, text) or React's own. */
const HIDDEN_PROPS = new Set(['children', 'className', 'key', 'ref'])

const LABEL = 'text-[11px] text-[var(--ink-3)]'
const FIELD =
  'w-full resize-none rounded border border-[var(--line)] bg-[var(--chrome-2)] px-2 py-1 text-[12px] text-[var(--ink)] outline-none hover:border-[var(--ink-3)] focus:border-accent focus:bg-[var(--chrome)] disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500'

/**
 * The element panel (right): what the selected element is (tag, component, where its code is, with a
 * link that opens it in the user's editor, and Change tag), its classes as editable text, its static
 * text, and its props, read-only (the Props tab edits them). Edits go through the session's ledger
 * like every other change.
 */
export function ElementPanel() {
  const session = useSession()
  const selected = useSelector(session.selection, (snapshot) => snapshot.context.selected)
  const nodes = useEditorState((state) => state.nodes)
  const lookups = useEditorState((state) => state.lookups)
  const framework = useEditorState((state) => state.stylingFramework)
  const key = selected.length === 1 ? selected[0] : undefined
  const node = key
    ? nodes.find(
        (candidate) =>
          candidate.key.uniquePath === key.uniquePath && candidate.key.codebaseId === key.codebaseId,
      )
    : undefined
  const lookup = key ? lookups.get(key.codebaseId) : undefined

  return (
    <section aria-label="Element" className="flex h-full flex-col overflow-auto bg-[var(--chrome)]">
      <header className="flex h-8 shrink-0 items-center px-3">
        <h2 className="font-semibold text-[12px]">Element</h2>
      </header>
      {selected.length > 1 ? (
        <Empty>{selected.length} elements selected. Duplicate, wrap and delete apply to all of them.</Empty>
      ) : !key ? (
        <Empty>Select an element to see its properties.</Empty>
      ) : !hasCodebaseIdPrefix(key.codebaseId) ? (
        <Empty>This element has no counterpart in the code (a library rendered it).</Empty>
      ) : (
        <Details
          key={key.codebaseId}
          codebaseId={key.codebaseId}
          node={node}
          lookup={lookup}
          tailwind={framework === 'Tailwind'}
        />
      )}
    </section>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="px-3 py-2 text-[12px] text-[var(--ink-3)]">{children}</p>
}

function Details({
  codebaseId,
  node,
  lookup,
  tailwind,
}: {
  codebaseId: string
  node: NavTreeNode | undefined
  lookup: ElementLookup | undefined
  tailwind: boolean
}) {
  const session = useSession()
  const name = lookup?.tagName ?? node?.name ?? ''
  const component = lookup?.isComponent ?? node?.isComponent ?? false
  const props = Object.entries(node?.props ?? {}).filter(([prop]) => !HIDDEN_PROPS.has(prop))

  return (
    <div className="flex flex-col gap-3 px-3 pb-4">
      <div className="flex min-w-0 items-center gap-1.5">
        {component ? (
          <Component aria-hidden="true" size={13} className="shrink-0 text-[var(--component-ink)]" />
        ) : null}
        <span className={`truncate font-mono text-[13px] ${component ? 'text-[var(--component-ink)]' : ''}`}>
          {component ? name : `<${name}>`}
        </span>
        <Suspense fallback={<span aria-hidden="true" className="size-5 shrink-0" />}>
          <ChangeTag
            tagName={name}
            hasChildren={(node?.children.length ?? 0) > 0 || (lookup !== undefined && lookup.text !== 'none')}
          />
        </Suspense>
        {node?.scope && node.scope !== name ? (
          <span className={`truncate ${LABEL}`}>in {node.scope}</span>
        ) : null}
      </div>

      {lookup ? (
        <a
          href={openInEditorHref(lookup)}
          title={`Open ${lookup.file}:${lookup.line} in your code editor`}
          onClick={(event) => openInCodeEditor(event, lookup, session)}
          className="-mt-2 flex w-fit max-w-full items-center gap-1 rounded text-[11px] text-[var(--ink-2)] outline-none hover:text-[var(--accent-ink)] hover:underline focus-visible:ring-2 focus-visible:ring-accent"
        >
          <span className="truncate font-mono" dir="rtl">
            {/* rtl: a long path loses its start, never the file name and line. */}
            <bdi>
              {lookup.file}:{lookup.line}
            </bdi>
          </span>
          <ExternalLink aria-hidden="true" size={11} className="shrink-0" />
        </a>
      ) : (
        <p className={`-mt-2 ${LABEL}`}>Reading the code…</p>
      )}

      {lookup ? <ClassesField codebaseId={codebaseId} lookup={lookup} tailwind={tailwind} /> : null}

      {lookup?.text === 'static' ? (
        <TextField codebaseId={codebaseId} oldText={lookup.staticText ?? ''} />
      ) : lookup?.text === 'dynamic' ? (
        <div className="flex flex-col gap-1">
          <span className={LABEL}>Text</span>
          <p className="text-[12px] text-[var(--ink-2)]">Comes from code: edit it in {lookup.file}.</p>
        </div>
      ) : null}

      {props.length > 0 ? (
        <div className="flex flex-col gap-1">
          <span className={LABEL}>Props (read-only)</span>
          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-[12px]">
            {props.map(([prop, value]) => (
              <div key={prop} className="contents">
                <dt className="truncate text-[var(--ink-2)]">{prop}</dt>
                <dd className="truncate font-mono text-[11px] text-[var(--ink)]" title={propText(value)}>
                  {propText(value)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </div>
  )
}

/**
 * A text field that edits on commit (`CommitDraft`): Enter (without Shift) or leaving the field sends
 * the change when the text differs; Escape puts the code's value back. `value` is the code's value,
 * from the lookups.
 */
function useCommitField(value: string, commit: Commit) {
  const commitRef = useRef(commit)
  commitRef.current = commit
  const [draft] = useState(() => new CommitDraft(value, (text, base) => commitRef.current(text, base)))
  const view = useSyncExternalStore(draft.subscribe, () => draft.view)
  useLayoutEffect(() => draft.codeSays(value), [draft, value])
  const save = () => void draft.save().catch(logFailure('The edit could not be sent'))
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      save()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      draft.cancel()
      event.currentTarget.blur()
    }
  }
  return {
    draft: view.draft,
    state: view.state,
    setDraft: (text: string) => draft.type(text),
    save,
    onKeyDown,
  }
}

function ClassesField({
  codebaseId,
  lookup,
  tailwind,
}: {
  codebaseId: string
  lookup: ElementLookup
  tailwind: boolean
}) {
  const session = useSession()
  const id = useId()
  const field = useCommitField(lookup.classes.join(' '), (draft, base) =>
    session.editClasses(codebaseId, splitClasses(draft), splitClasses(base)),
  )
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={`flex items-center justify-between ${LABEL}`}>
        <span>Classes</span>
        {tailwind ? <span>Tailwind</span> : null}
      </label>
      <textarea
        id={id}
        rows={Math.min(6, Math.max(2, Math.ceil(field.draft.length / 34)))}
        spellCheck={false}
        value={field.draft}
        disabled={!lookup.classesEditable}
        aria-invalid={field.state === 'failed'}
        aria-busy={field.state === 'saving'}
        placeholder={lookup.classesEditable ? 'No classes' : undefined}
        onChange={(event) => field.setDraft(event.target.value)}
        onBlur={field.save}
        onKeyDown={field.onKeyDown}
        className={`${FIELD} font-mono text-[11px] leading-[16px]`}
      />
      {!lookup.classesEditable ? (
        <p className={LABEL}>The className is an expression: edit it in the code.</p>
      ) : field.state === 'failed' ? (
        <p className="text-[11px] text-red-600 dark:text-red-400">
          Not saved. Fix the classes or press Escape.
        </p>
      ) : null}
    </div>
  )
}

function TextField({ codebaseId, oldText }: { codebaseId: string; oldText: string }) {
  const session = useSession()
  const id = useId()
  const field = useCommitField(oldText, (draft, base) => session.editText(codebaseId, draft, base))
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={LABEL}>
        Text
      </label>
      <textarea
        id={id}
        rows={Math.min(6, Math.max(1, Math.ceil(field.draft.length / 36)))}
        value={field.draft}
        aria-invalid={field.state === 'failed'}
        aria-busy={field.state === 'saving'}
        onChange={(event) => field.setDraft(event.target.value)}
        onBlur={field.save}
        onKeyDown={field.onKeyDown}
        className={FIELD}
      />
      {field.state === 'failed' ? (
        <p className="text-[11px] text-red-600 dark:text-red-400">Not saved. Try again or press Escape.</p>
      ) : null}
    </div>
  )
}
