/**
 * Properties of the mutate server's rewrites, over generated components served by a real dev server.
 *
 * A small generator writes JSX files (host and component tags, literal props, text in inline and block
 * layout, nested elements) into a temp copy of `tests/fixtures/mutate-app`; the dev server tags them, and
 * random sequences of editText / changePropValue / changeElementTag run against them over HTTP. The
 * oracle is independent of the server: after every step the file must parse (Babel, as the tagger reads
 * it) and, compiled by esbuild with a recording `h`, must render exactly the model of the component the
 * test keeps alongside. Undo and redo must reproduce every intermediate file byte for byte.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseModule } from '../../../packages/vite-plugin-visual-edit/src/transform/parse-module.ts'
import { analyzeJsx } from '../../../packages/vite-plugin-visual-edit/src/transform/tag-jsx.ts'
import { type MutateTestServer, type RawResponse, startMutateServer } from '../../helpers/mutate-server.ts'
import { type Created, renderExport } from '../../helpers/render-jsx.ts'

// ---------------------------------------------------------------------------------------------------
// The model

type Value = string | number | boolean | null
/** A prop written as an expression (`size={dyn}`): the server must not overwrite it unless told to. */
interface Expression {
  expression: 'dyn'
}
type Body = { kind: 'none' } | { kind: 'text'; text: string } | { kind: 'children'; children: Model[] }
interface Model {
  tag: string
  props: Record<string, Value | Expression>
  body: Body
  /** Text as `<p>text</p>`, on its own line between the tags, or as a string literal `<p>{'text'}</p>`. */
  layout: 'inline' | 'block' | 'string'
}

/** What a component renders, as the recording `h` sees it and as the model predicts it. */
interface Rendered {
  tag: string
  props: Record<string, unknown>
  content: string | Rendered[]
}

const COMPONENTS = ['Box', 'Panel']
/** The value of `dyn` in every generated module. */
const DYN = 'dynamic value'
const TAGS = ['div', 'section', 'p', 'span', 'h2', 'li', 'article', ...COMPONENTS]
const PROP_NAMES = ['title', 'label', 'data-x', 'aria-label', 'size', 'hidden']
/** Characters the generator writes as JSX text directly (nothing JSX reads as syntax). */
const WORD_CHARS = [...'abcxyzABZ0179.,!?:;()-_\'"é中😀']
/** Units of the texts and prop values the edits send: JSX syntax, entities, escapes, line breaks. */
const TEXT_UNITS = [
  ...'abZ7 ',
  '  ',
  '\n',
  '\r\n',
  '<',
  '>',
  '{',
  '}',
  '&',
  '&amp;',
  '&lt;',
  '&#123;',
  "'",
  '"',
  '\\',
  '/',
  '*/',
  '//',
  '`',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template placeholder is the point
  '${x}',
  'é',
  '中',
  '😀',
  '</p>',
  '{x}',
  "{'\\n'}",
  '<b>',
]
const VALUE_UNITS = [...TEXT_UNITS, '\t', '\u2028', '" onClick={alert(1)} x="', '}{']

const word = fc.string({ unit: fc.constantFrom(...WORD_CHARS), minLength: 1, maxLength: 6 })
const initialText = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '))
const ATTR_CHARS = [...WORD_CHARS.filter((char) => char !== '"'), ' ', '<', '>', '{']
const attrString = fc.string({ unit: fc.constantFrom(...ATTR_CHARS), maxLength: 8 })
const initialValue: fc.Arbitrary<Value | Expression> = fc.oneof(
  attrString,
  fc.integer({ min: -50, max: 500 }),
  fc.boolean(),
  fc.constant<Expression>({ expression: 'dyn' }),
)
const props = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...PROP_NAMES), initialValue), {
    selector: ([name]) => name,
    maxLength: 3,
  })
  .map((entries) => Object.fromEntries(entries) as Record<string, Value | Expression>)

function modelArb(depth: number): fc.Arbitrary<Model> {
  const leaf: fc.Arbitrary<Body> = fc.oneof(
    fc.constant<Body>({ kind: 'none' }),
    initialText.map((text): Body => ({ kind: 'text', text })),
  )
  const body =
    depth === 0
      ? leaf
      : fc.oneof(
          leaf,
          fc
            .array(modelArb(depth - 1), { minLength: 1, maxLength: 3 })
            .map((children): Body => ({ kind: 'children', children })),
        )
  return fc.record({
    tag: fc.constantFrom(...TAGS),
    props,
    body,
    layout: fc.constantFrom<Model['layout']>('inline', 'block', 'string'),
  })
}

const newText = fc.string({ unit: fc.constantFrom(...TEXT_UNITS), maxLength: 12 })
const propValue: fc.Arbitrary<Value> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...VALUE_UNITS), maxLength: 8 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Object.is(value, -0)),
  fc.boolean(),
  fc.constant(null),
)

type Step =
  | { op: 'editText'; target: number; newText: string }
  | {
      op: 'changePropValue'
      target: number
      propName: string
      value: Value
      remove: boolean
      replace: boolean
    }
  | { op: 'changeElementTag'; target: number; newTag: string }

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('editText' as const), target: fc.nat(), newText }),
  fc.record({
    op: fc.constant('changePropValue' as const),
    target: fc.nat(),
    propName: fc.constantFrom(...PROP_NAMES),
    value: propValue,
    remove: fc.boolean(),
    replace: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('changeElementTag' as const),
    target: fc.nat(),
    newTag: fc.constantFrom('div', 'section', 'article', 'span', 'ul', 'my-widget', ...COMPONENTS),
  }),
)

// ---------------------------------------------------------------------------------------------------
// Model -> source, source -> rendered tree

function propSource(name: string, value: Value | Expression): string {
  if (value === true) return name
  if (isExpression(value)) return `${name}={${value.expression}}`
  if (typeof value === 'string') return `${name}="${value}"`
  return `${name}={${String(value)}}`
}

function isExpression(value: Value | Expression): value is Expression {
  return value !== null && typeof value === 'object'
}

function elementSource(model: Model, indent: string): string {
  const open = [model.tag, ...Object.entries(model.props).map(([name, value]) => propSource(name, value))]
  const tag = open.join(' ')
  const { body } = model
  if (body.kind === 'none') return `${indent}<${tag} />`
  if (body.kind === 'text') {
    if (model.layout === 'block')
      return `${indent}<${tag}>\n${indent}  ${body.text}\n${indent}</${model.tag}>`
    const text = model.layout === 'string' ? `{${JSON.stringify(body.text)}}` : body.text
    return `${indent}<${tag}>${text}</${model.tag}>`
  }
  const children = body.children.map((child) => elementSource(child, `${indent}  `)).join('\n')
  return `${indent}<${tag}>\n${children}\n${indent}</${model.tag}>`
}

function componentSource(root: Model): string {
  const declarations = COMPONENTS.map(
    (name) => `const ${name} = (_props: Record<string, unknown>) => null\n`,
  ).join('')
  return `${declarations}const dyn = ${JSON.stringify(DYN)}\n\nexport function Gen() {\n  return (\n${elementSource(root, '    ')}\n  )\n}\n`
}

function expectedRender(model: Model): Rendered {
  const { body } = model
  return {
    tag: model.tag,
    props: Object.fromEntries(
      Object.entries(model.props).map(([name, value]) => [name, isExpression(value) ? DYN : value]),
    ),
    content: body.kind === 'none' ? '' : body.kind === 'text' ? body.text : body.children.map(expectedRender),
  }
}

function toRendered(value: unknown): Rendered {
  const element = value as Created
  const tag = typeof element.type === 'function' ? element.type.name : String(element.type)
  const children = element.children
  const content = children.every((child) => typeof child === 'string')
    ? children.join('')
    : children.map((child) =>
        typeof child === 'string' ? { tag: '#text', props: {}, content: child } : toRendered(child),
      )
  return { tag, props: { ...(element.props ?? {}) }, content }
}

/** Compiles the component with esbuild and renders it (see renderExport). */
function render(source: string): Rendered {
  return toRendered(renderExport(source, 'Gen'))
}

/** The model's elements in source order, the order the element index lists them in. */
function flatten(model: Model): Model[] {
  return [model, ...(model.body.kind === 'children' ? model.body.children.flatMap(flatten) : [])]
}

// ---------------------------------------------------------------------------------------------------
// The server

let app: MutateTestServer
let serial = 0

beforeAll(async () => {
  app = await startMutateServer()
  mkdirSync(app.file('src/gen'), { recursive: true })
})
afterAll(() => app.close())

interface Loaded {
  relative: string
  absolute: string
  canvas: string
  ids: string[]
}

/** Writes `source` as a new module (a new name each time, so Vite's cache never answers) and tags it. */
async function loadComponent(source: string): Promise<Loaded> {
  serial += 1
  const relative = `src/gen/Gen${serial}.tsx`
  writeFileSync(app.file(relative), source)
  await app.load(relative)
  const absolute = app.file(relative)
  const ids = app.context.index.elementsOf(absolute).map((element) => element.id)
  return { relative, absolute, canvas: `property-${serial}`, ids }
}

const call = (loaded: Loaded, route: string, body: unknown = {}): Promise<RawResponse> =>
  app.post(`/canvases/${loaded.canvas}/parseAndMutate/${route}`, body)

function stepRequest(step: Step, loaded: Loaded, target: Model): [string, unknown] {
  const element = { codebaseId: loaded.ids[step.target % loaded.ids.length] }
  switch (step.op) {
    case 'editText': {
      const oldText = target.body.kind === 'text' ? target.body.text : ''
      return ['mutate/editText', { element, oldText, newText: step.newText }]
    }
    case 'changePropValue':
      return [
        'mutate/changePropValue',
        {
          elementToModify: element,
          propName: step.propName,
          ...(step.remove ? { remove: true } : { propValue: step.value }),
          ...(step.replace ? { replace: true } : {}),
        },
      ]
    case 'changeElementTag':
      return ['mutate/changeElementTag', { elementToModify: element, newTag: step.newTag }]
  }
}

/** Applies `step` to the model; returns the status the server must answer. */
function applyToModel(step: Step, target: Model): number {
  switch (step.op) {
    case 'editText': {
      if (target.body.kind === 'children') return 422
      const text = step.newText.replace(/\r\n?/g, '\n')
      if (target.body.kind === 'none' && text === '') return 200
      target.body = { kind: 'text', text }
      return 200
    }
    case 'changePropValue': {
      const current = target.props[step.propName]
      if (current !== undefined && isExpression(current) && !step.replace) return 422
      if (step.remove) delete target.props[step.propName]
      else target.props[step.propName] = step.value
      return 200
    }
    case 'changeElementTag':
      target.tag = step.newTag
      return 200
  }
}

function assertFileMatches(source: string, loaded: Loaded, root: Model, context: string): void {
  expect(() => parseModule(source, loaded.absolute), `${context}: Babel parses the file`).not.toThrow()
  expect(render(source), `${context}: the file renders the model`).toEqual(expectedRender(root))
  // The index the server updated in place equals tagging the file from scratch.
  expect(app.context.index.elementsOf(loaded.absolute), `${context}: the element index is current`).toEqual(
    analyzeJsx(source, { filename: loaded.absolute, root: app.dir }).elements,
  )
}

function expectStatus(response: RawResponse, status: number, context: string): void {
  expect(response.status, `${context}: ${response.body}`).toBe(status)
}

// ---------------------------------------------------------------------------------------------------

describe('mutate properties', () => {
  test('the generator and the oracle agree on untouched files', () => {
    fc.assert(
      fc.property(modelArb(3), (root) => {
        expect(render(componentSource(root))).toEqual(expectedRender(root))
      }),
      { numRuns: 100 },
    )
  })

  test('random edit sequences keep the file parseable and rendering the model; undo and redo replay every prefix byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(
        modelArb(3),
        fc.array(stepArb, { minLength: 1, maxLength: 10 }),
        async (generated, steps) => {
          // fast-check hands the same values to later runs while shrinking; the model is edited below.
          const root = structuredClone(generated)
          const original = componentSource(root)
          const loaded = await loadComponent(original)
          const elements = flatten(root)
          expect(loaded.ids.length, 'one id per generated element').toBe(elements.length)

          /** The file after each step that wrote it; snapshots[0] is the original. */
          const snapshots = [original]
          for (const [index, step] of steps.entries()) {
            const target = elements[step.target % elements.length] as Model
            const [route, body] = stepRequest(step, loaded, target)
            const status = applyToModel(step, target)
            const response = await call(loaded, route, body)
            const context = `step ${index} ${JSON.stringify(step)}`
            expectStatus(response, status, context)

            const source = readFileSync(loaded.absolute, 'utf8')
            if (status !== 200)
              expect(source, `${context}: a refused edit writes nothing`).toBe(snapshots.at(-1))
            else if ((response.json() as { files: string[] }).files.length > 0) snapshots.push(source)
            else
              expect(source, `${context}: an edit that changes nothing writes nothing`).toBe(snapshots.at(-1))
            assertFileMatches(source, loaded, root, context)
          }

          // Undo one at a time: after k undos of n, the file is the one after n - k steps.
          const written = snapshots.length - 1
          for (let k = 1; k <= written; k++) {
            expectStatus(await call(loaded, 'activities/undoChangeToFiles'), 200, `undo ${k}`)
            expect(readFileSync(loaded.absolute, 'utf8'), `after ${k} undos of ${written}`).toBe(
              snapshots[written - k],
            )
          }
          expect(
            readFileSync(loaded.absolute).equals(Buffer.from(original)),
            'undo all gives the start',
          ).toBe(true)
          expectStatus(await call(loaded, 'activities/undoChangeToFiles'), 409, 'undo past the start')

          for (let k = 1; k <= written; k++) {
            expectStatus(await call(loaded, 'activities/redoChangeToFiles'), 200, `redo ${k}`)
            expect(readFileSync(loaded.absolute, 'utf8'), `after ${k} redos`).toBe(snapshots[k])
          }
          expectStatus(await call(loaded, 'activities/redoChangeToFiles'), 409, 'redo past the end')
        },
      ),
      { numRuns: 50 },
    )
  })

  test('20 concurrent edits to one file lose nothing, and 20 undos restore the original', async () => {
    const item = fc.oneof(
      newText.map((text) => ({ op: 'editText' as const, text })),
      fc.record({
        op: fc.constant('changePropValue' as const),
        propName: fc.constantFrom(...PROP_NAMES),
        value: propValue,
      }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(item, { minLength: 20, maxLength: 20 }), async (edits) => {
        const items: Model[] = edits.map((_, index) => ({
          tag: 'li',
          props: { title: `t${index}` },
          body: { kind: 'text', text: `item ${index}` },
          layout: index % 2 === 0 ? 'inline' : 'block',
        }))
        const root: Model = {
          tag: 'ul',
          props: {},
          body: { kind: 'children', children: items },
          layout: 'block',
        }
        const original = componentSource(root)
        const loaded = await loadComponent(original)

        const requests = edits.map((edit, index) => {
          const element = { codebaseId: loaded.ids[index + 1] }
          const target = items[index] as Model
          if (edit.op === 'editText') {
            const body = { element, oldText: `item ${index}`, newText: edit.text }
            target.body = { kind: 'text', text: edit.text.replace(/\r\n?/g, '\n') }
            return call(loaded, 'mutate/editText', body)
          }
          target.props[edit.propName] = edit.value
          return call(loaded, 'mutate/changePropValue', {
            elementToModify: element,
            propName: edit.propName,
            propValue: edit.value,
          })
        })
        const responses = await Promise.all(requests)
        expect(
          responses.map((response) => `${response.status} ${response.status === 200 ? '' : response.body}`),
          'every concurrent edit succeeds',
        ).toEqual(responses.map(() => '200 '))
        assertFileMatches(readFileSync(loaded.absolute, 'utf8'), loaded, root, 'after 20 concurrent edits')

        const written = responses.filter(
          (response) => (response.json() as { files: string[] }).files.length > 0,
        ).length
        expect(written, 'every edit wrote the file (the alphabets cannot reproduce `item i` or `ti`)').toBe(
          20,
        )
        for (let k = 1; k <= 20; k++)
          expectStatus(await call(loaded, 'activities/undoChangeToFiles'), 200, `undo ${k}`)
        expect(readFileSync(loaded.absolute, 'utf8'), '20 undos restore the original').toBe(original)
        expectStatus(await call(loaded, 'activities/undoChangeToFiles'), 409, 'undo past the start')
      }),
      { numRuns: 8 },
    )
  })
})

describe('cases the render oracle found', () => {
  const single = (body: string) =>
    `export function Gen() {\n  return (\n    <div>\n      <p>${body}</p>\n    </div>\n  )\n}\n`
  /** The text the page shows for the <p> of `single(...)`. */
  const shownText = (source: string) => ((render(source).content as Rendered[])[0] as Rendered).content

  test('editText accepts the text the page shows when the code escapes an entity (&amp;lt;)', async () => {
    const source = single('Write &amp;lt; for &lt;')
    expect(shownText(source)).toBe('Write &lt; for <')
    const loaded = await loadComponent(source)
    const response = await call(loaded, 'mutate/editText', {
      element: { codebaseId: loaded.ids[1] },
      oldText: 'Write &lt; for <',
      newText: 'Done',
    })
    expect(response.status, response.body).toBe(200)
    expect(shownText(readFileSync(loaded.absolute, 'utf8'))).toBe('Done')
  })

  test('editText can edit its own output again when the new text looked like an entity', async () => {
    const loaded = await loadComponent(single('Hello'))
    const element = { codebaseId: loaded.ids[1] }
    const first = await call(loaded, 'mutate/editText', { element, oldText: 'Hello', newText: '&lt;' })
    expect(first.status, first.body).toBe(200)
    expect(shownText(readFileSync(loaded.absolute, 'utf8'))).toBe('&lt;')
    const second = await call(loaded, 'mutate/editText', { element, oldText: '&lt;', newText: 'Bye' })
    expect(second.status, second.body).toBe(200)
    expect(shownText(readFileSync(loaded.absolute, 'utf8'))).toBe('Bye')
  })

  test('changeElementTag to <br> refuses an element with text', async () => {
    const loaded = await loadComponent(single('Hello'))
    const response = await call(loaded, 'mutate/changeElementTag', {
      elementToModify: { codebaseId: loaded.ids[1] },
      newTag: 'br',
    })
    expect(response.status).toBe(422)
    expect(readFileSync(loaded.absolute, 'utf8')).toBe(single('Hello'))
  })

  test('changeElementTag to <br> accepts whitespace JSX drops (a line break)', async () => {
    const loaded = await loadComponent(single('\n      '))
    const response = await call(loaded, 'mutate/changeElementTag', {
      elementToModify: { codebaseId: loaded.ids[1] },
      newTag: 'br',
    })
    expect(response.status).toBe(200)
    expect(render(readFileSync(loaded.absolute, 'utf8')).content).toEqual([
      { tag: 'br', props: {}, content: '' },
    ])
  })

  test('changeElementTag to <br> refuses a whitespace-only text that JSX renders as a child', async () => {
    // `<p> </p>` renders the child " "; as `<br> </br>` React throws "br is a void element tag and must
    // neither have `children` nor use `dangerouslySetInnerHTML`".
    const loaded = await loadComponent(single(' '))
    expect(render(single(' ')).content).toEqual([{ tag: 'p', props: {}, content: ' ' }])
    const response = await call(loaded, 'mutate/changeElementTag', {
      elementToModify: { codebaseId: loaded.ids[1] },
      newTag: 'br',
    })
    expect(response.status, response.body).toBe(422)
    expect(readFileSync(loaded.absolute, 'utf8')).toBe(single(' '))
  })
})
