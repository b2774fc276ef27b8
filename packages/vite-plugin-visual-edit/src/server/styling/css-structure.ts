/**
 * What a CSS styling edit may change in a stylesheet: the declarations of its one rule, nothing else.
 * A value is checked as one declaration value before it is written, and the stylesheet written is
 * parsed again and compared with the one read, node by node (formatting aside):
 *
 *   value  red; } @plugin "./p.js"; a {     refused: it is not one declaration value
 *   after  .card { color: blue }  @media (...) { .card { padding: 8px } }   only .card changed: written
 */
import postcss, { type ChildNode, CssSyntaxError, type Declaration, type Root, type Rule } from 'postcss'
import { MutateError } from '../edit/mutate-error.ts'

/** A declaration as the structure compares it: property as written, value, and `!important`. */
interface DeclarationShape {
  prop: string
  value: string
  important: boolean
}

/** `value` read as the value of one declaration (`red !important` -> red, important); null when it is not. */
function asDeclarationValue(value: string): Omit<DeclarationShape, 'prop'> | null {
  let root: Root
  try {
    root = postcss.parse(`a{b:${value}}`)
  } catch (error) {
    if (error instanceof CssSyntaxError) return null
    throw error
  }
  const rule = root.first
  if (root.nodes.length !== 1 || rule?.type !== 'rule' || rule.nodes.length !== 1) return null
  const declaration = rule.first
  if (declaration?.type !== 'decl' || declaration.prop !== 'b') return null
  const important = declaration.important === true
  const written = `${declaration.value}${important ? (declaration.raws.important ?? ' !important') : ''}`
  return written.trim() === value.trim() ? { value: declaration.value, important } : null
}

/**
 * Why `value` cannot be written as one declaration's value in a stylesheet; undefined when it can.
 * `textProblem` is the check every styling value gets (css.ts's cssTextProblem); on top of it the value
 * must parse as exactly one declaration's value, so nothing in it opens a rule, a block or an at-rule.
 */
export function declarationValueProblem(
  value: string,
  textProblem: (text: string) => string | undefined,
): string | undefined {
  return (
    textProblem(value) ??
    (asDeclarationValue(value) === null ? 'it does not read as one declaration value' : undefined)
  )
}

const nothing: ReadonlySet<ChildNode> = new Set()

/** A node and its children as text, formatting (postcss raws) left out; `skip` nodes are left out. */
function shape(node: Root | ChildNode, skip: ReadonlySet<ChildNode>): string {
  if (node.type !== 'root' && skip.has(node)) return ''
  const children =
    'nodes' in node && node.nodes ? `{${node.nodes.map((child) => shape(child, skip)).join('')}}` : ';'
  switch (node.type) {
    case 'root':
      return children
    case 'atrule':
      return `@${JSON.stringify([node.name, node.params])}${children}`
    case 'rule':
      return `R${JSON.stringify(node.selector)}${children}`
    case 'decl':
      return `D${JSON.stringify([node.prop, node.value, node.important === true])}`
    default:
      return `C${JSON.stringify(node.text)}`
  }
}

const declarationsOf = (rule: Rule | undefined): Declaration[] =>
  (rule?.nodes ?? []).filter((node): node is Declaration => node.type === 'decl')

/** The declarations `changes` should leave in a rule that had `previous` (css.ts's applyCssStyling). */
function expectedDeclarations(
  previous: readonly Declaration[],
  changes: ReadonlyMap<string, string | null>,
  sameProperty: (written: string, property: string) => boolean,
): DeclarationShape[] {
  let kept: DeclarationShape[] = previous.map((declaration) => ({
    prop: declaration.prop,
    value: declaration.value,
    important: declaration.important === true,
  }))
  const added: DeclarationShape[] = []
  for (const [property, value] of changes) {
    if (value === null) {
      kept = kept.filter((declaration) => !sameProperty(declaration.prop, property))
      continue
    }
    const parsed = asDeclarationValue(value)
    if (parsed === null)
      throw new MutateError('INVALID_VALUE', `The value of ${property} is not one CSS value.`)
    const last = kept.findLastIndex((declaration) => sameProperty(declaration.prop, property))
    if (last === -1) added.push({ prop: property, ...parsed })
    else kept[last] = { ...(kept[last] as DeclarationShape), ...parsed }
  }
  return [...kept, ...added]
}

/**
 * Refuses (422) a styling edit whose stylesheet, parsed again, differs from the one read anywhere but
 * in the declarations of its one target rule (found by `locate`, as the edit found it), or whose
 * target rule does not hold exactly the declarations the edit meant. A rule the edit created may sit
 * in a `@media` block it created.
 */
export function assertOnlyRuleChanged(args: {
  before: Root
  after: Root
  locate: (root: Root) => Rule[]
  changes: ReadonlyMap<string, string | null>
  sameProperty: (written: string, property: string) => boolean
  relativePath: string
}): void {
  const refuse = (why: string) =>
    new MutateError(
      'EDIT_IMPOSSIBLE',
      `The edit would change ${args.relativePath} beyond the rule it edits (${why}), so nothing was written. Check the values, or edit the stylesheet in your code editor.`,
    )
  const [previous, ...earlier] = args.locate(args.before)
  const targets = args.locate(args.after)
  const target = targets[0]
  if (earlier.length > 0 || !target || targets.length !== 1) throw refuse('the rule is not found once')

  const was = shape(args.before, previous ? new Set([previous]) : nothing)
  const parent = target.parent
  const block =
    !previous && parent?.type === 'atrule' && parent.nodes?.length === 1
      ? shape(args.after, new Set([parent]))
      : null
  if (shape(args.after, new Set([target])) !== was && block !== was)
    throw refuse('other rules or at-rules changed')

  const others = (rule: Rule | undefined) =>
    (rule?.nodes ?? []).filter((node) => node.type !== 'decl').map((node) => shape(node, nothing))
  if (JSON.stringify(others(target)) !== JSON.stringify(others(previous)))
    throw refuse('the rule gained or lost something besides declarations')
  const expected = expectedDeclarations(declarationsOf(previous), args.changes, args.sameProperty)
  const actual = declarationsOf(target).map((declaration) => ({
    prop: declaration.prop,
    value: declaration.value,
    important: declaration.important === true,
  }))
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw refuse('its declarations are not the ones the edit sets')
}
