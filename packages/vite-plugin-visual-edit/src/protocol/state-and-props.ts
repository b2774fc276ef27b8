import * as v from 'valibot'
import { type GET_STATE_AND_PROPS, TEMPO_FUNCTION_TYPE, TEMPO_OBJECT_TYPE } from './messages.ts'

/**
 * A mounted component instance's props and state, as inspectElement answers and GET_STATE_AND_PROPS
 * logs them (the spec's component state and props reply): objects (arrays, elements, dates...) are
 * TEMPO_OBJECT_TYPE and functions TEMPO_FUNCTION_TYPE, so only primitives cross the port.
 *
 *   { id: 'tempo-…', props: { label: 'Email', onChange: 'TEMPO_FUNCTION_TYPE' }, state: ['', false] }
 */
export interface ComponentStateAndProps {
  /** The codebase id of the component's usage, or null if untagged. */
  id: string | null
  props: Record<string, unknown>
  /** Class state by key, or the useState/useReducer values of a function component in call order. */
  state: Record<string, unknown> | unknown[] | null
}

/** GET_STATE_AND_PROPS, a window message to the app's frame (not on the port): the page logs the instances. */
export interface GetStateAndPropsMessage {
  type: typeof GET_STATE_AND_PROPS
  componentName: string
}

/** How a snapshot value reads: a marker as what it stands for, strings quoted. */
export function snapshotValueText(value: unknown): string {
  if (value === TEMPO_OBJECT_TYPE) return 'Object'
  if (value === TEMPO_FUNCTION_TYPE) return 'ƒ Function'
  if (typeof value === 'string') return JSON.stringify(value)
  return String(value)
}

/** The most props or state values a snapshot the editor takes may hold. */
const MAX_VALUES = 2_000
const value = v.union([
  v.pipe(v.string(), v.maxLength(100_000)),
  v.number(),
  v.boolean(),
  v.null(),
  v.undefined(),
])
const values = v.pipe(
  v.record(v.pipe(v.string(), v.maxLength(1_000)), value),
  v.check((record) => Object.keys(record).length <= MAX_VALUES, `at most ${MAX_VALUES} values`),
)

const componentStateAndProps = v.object({
  id: v.nullable(v.pipe(v.string(), v.maxLength(200))),
  props: values,
  // The list first: a record schema takes an array too (its indexes as keys).
  state: v.nullable(v.union([v.pipe(v.array(value), v.maxLength(MAX_VALUES)), values])),
})

/**
 * inspectElement's answer, checked: the frame runs the app's scripts, which can answer in the
 * inspector's place. Throws with what is wrong; the answer is the instance's props and state.
 */
export function checkComponentStateAndProps(answer: unknown): ComponentStateAndProps {
  const parsed = v.safeParse(componentStateAndProps, answer, { abortEarly: true })
  if (parsed.success) return parsed.output
  const issue = parsed.issues[0]
  const where = issue?.path?.map((item) => String(item.key)).join('.') || 'the answer'
  throw new Error(
    `The app's frame answered inspectElement wrongly: ${where}: ${issue?.message ?? 'does not match'}`,
  )
}
