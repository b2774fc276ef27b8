import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import type { ElementKey } from '../../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'
import {
  type CssEvalsPayload,
  OutboundEvent,
  type ProcessedCssRule,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import { PROJECTS } from '../projects/cli-project.ts'
import { serveWithEdit } from './edit-session.ts'
import { connectEditor, type Editor } from './outline-app.ts'

/**
 * The CSS rule functions in Chromium against `visual-edit edit` on a copy of the Vite 7 / Tailwind 4.1
 * fixture, with a plain CSS file, a CSS module and a class-based dark variant added: the processed
 * rules of Tailwind's utilities (layers, nested @media, &:hover) with what applies at which width, a
 * forced hover shown and taken back, the computed values, and selector matching.
 */
const SOURCE = path.join(PROJECTS, 'vite7-tailwind41')

const FILES: Record<string, string> = {
  'src/App.tsx': `import styles from './card.module.css'
import './plain.css'

export function App() {
  return (
    <main className="p-8">
      <h1 className="text-3xl font-bold text-emerald-700">Vite 7 with Tailwind 4.1</h1>
      <div id="box" className="p-4 md:p-8 hover:bg-red-500 dark:text-white">Box</div>
      <p id="plain" className="plain-note">Plain CSS</p>
      <p id="module" className={styles.card}>CSS module</p>
    </main>
  )
}
`,
  'src/index.css': `@import "tailwindcss";
@custom-variant dark (&:where(.dark, .dark *));
`,
  'src/plain.css': `.plain-note { letter-spacing: 0.25em; }
@media (min-width: 1024px) { .plain-note { letter-spacing: 0.5em; } }
`,
  'src/card.module.css': '.card { border-top: 3px solid rgb(1, 2, 3); }\n',
}

let copy: string | undefined
serveWithEdit(
  () => {
    const copies = path.join(SOURCE, '.tmp')
    mkdirSync(copies, { recursive: true })
    copy = mkdtempSync(path.join(copies, 'css-rules-'))
    for (const entry of readdirSync(SOURCE)) {
      if (entry !== 'node_modules' && entry !== '.tmp')
        cpSync(path.join(SOURCE, entry), path.join(copy, entry), { recursive: true })
    }
    for (const [file, text] of Object.entries(FILES)) writeFileSync(path.join(copy, file), text)
    return copy
  },
  (page) => expect(page.locator('#box')).toHaveText('Box', { timeout: 60_000 }),
)
test.afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true })
})

/** Selects the element as the editor does (setSelectedElement with its tree key); returns the key. */
async function select(page: Page, editor: Editor, selector: string): Promise<ElementKey> {
  const codebaseId = await page.locator(selector).getAttribute('data-tempo-id')
  const node = (await editor.tree()).find((candidate) => candidate.key.codebaseId === codebaseId)
  if (!node) throw new Error(`${selector} is not in the tree`)
  await editor.call('setSelectedElement', node.key)
  return node.key
}

const rules = (editor: Editor) => editor.call<ProcessedCssRule[]>('processRulesForSelectedElement')
const ruleFor = async (editor: Editor, classParsed: string) =>
  (await rules(editor)).find((rule) => rule.classParsed === classParsed && !rule.inherited)
const computed = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)

test.beforeEach(async ({ page }) => {
  // The pointer away from the elements under test: a real :hover would blur what forcing shows.
  await page.mouse.move(1, 700)
})

test('Tailwind v4 utilities: md:p-8 applies at 1280 px and not at 390, the hover and dark ones wait', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 740 })
  const editor = await connectEditor(page)
  const key = await select(page, editor, '#box')
  await editor.clearEvents()

  const narrow = await rules(editor)
  const own = (classParsed: string) =>
    narrow.find((rule) => rule.classParsed === classParsed && !rule.inherited)
  expect(own('p-4')).toMatchObject({
    selector: '.p-4',
    applied: true,
    eligibleToApply: true,
    removable: true,
    allowChanges: false,
    modifiers: [],
    codebaseId: key.codebaseId,
    cssText: expect.stringMatching(
      /^@layer utilities \{ \.p-4 \{ padding: calc\(var\(--spacing\) \* 4\); \} \}$/,
    ),
  })
  expect(own('p-4')?.filename).toMatch(/src\/index\.css$/)
  expect(own('md:p-8')).toMatchObject({
    selector: '.md\\:p-8',
    applied: false,
    eligibleToApply: true,
    modifiers: ['md'],
    styles: { padding: 'calc(var(--spacing) * 8)' },
  })
  expect(own('md:p-8')?.cssText).toContain('@media (width >= 48rem)')
  expect(own('hover:bg-red-500')).toMatchObject({
    selector: '.hover\\:bg-red-500:hover',
    applied: false,
    eligibleToApply: true,
    modifiers: ['hover'],
  })
  expect(own('dark:text-white')).toMatchObject({ applied: false, eligibleToApply: true, modifiers: ['dark'] })
  // Preflight's html rule reaches the box through inheritance: only its inheritable properties.
  const inherited = narrow.find((rule) => rule.inherited && 'font-family' in rule.styles)
  expect(inherited).toMatchObject({ applied: true, allowChanges: false, removable: false })
  expect(Object.keys(inherited?.styles ?? {})).not.toContain('-webkit-text-size-adjust')
  // Replied and sent to the editor alike.
  expect(await editor.events(OutboundEvent.PROCESSED_CSS_RULES)).toEqual([
    { type: OutboundEvent.PROCESSED_CSS_RULES, payload: narrow },
  ])
  expect(await computed(page, '#box', 'padding-top')).toBe('16px')

  await page.setViewportSize({ width: 1280, height: 740 })
  await expect.poll(async () => (await ruleFor(editor, 'md:p-8'))?.applied).toBe(true)
  expect(await computed(page, '#box', 'padding-top')).toBe('32px')

  await page.evaluate(() => document.documentElement.classList.add('dark'))
  expect((await ruleFor(editor, 'dark:text-white'))?.applied).toBe(true)
})

test('a forced hover shows the hover style, counts as applied, and goes with []', async ({ page }) => {
  const editor = await connectEditor(page)
  await select(page, editor, '#box')
  const transparent = await computed(page, '#box', 'background-color')
  expect(transparent).toBe('rgba(0, 0, 0, 0)')

  expect(await editor.call('setModifiersForSelectedElement', ['hover'])).toEqual(['hover'])
  const hovered = await computed(page, '#box', 'background-color')
  expect(hovered).not.toBe(transparent)
  // The same colour as Tailwind's red-500 on an element that has it for real.
  const red = await page.evaluate(() => {
    const probe = document.createElement('div')
    probe.style.backgroundColor = 'var(--color-red-500)'
    document.body.append(probe)
    const value = getComputedStyle(probe).backgroundColor
    probe.remove()
    return value
  })
  expect(hovered).toBe(red)
  expect((await ruleFor(editor, 'hover:bg-red-500'))?.applied).toBe(true)
  expect(await page.locator('#box').getAttribute('class')).toContain('tempo-force-hover')

  expect(await editor.call('setModifiersForSelectedElement', [])).toEqual([])
  expect(await computed(page, '#box', 'background-color')).toBe(transparent)
  expect(await page.locator('#box').getAttribute('class')).not.toContain('tempo-force-hover')
  expect((await ruleFor(editor, 'hover:bg-red-500'))?.applied).toBe(false)

  await expect(editor.call('setModifiersForSelectedElement', ['visited'])).rejects.toThrow(
    "Cannot force the state 'visited': use one of hover, required, focus, active, invalid, disabled",
  )
})

test('a selection elsewhere takes the forced state back', async ({ page }) => {
  const editor = await connectEditor(page)
  await select(page, editor, '#box')
  await editor.call('setModifiersForSelectedElement', ['hover'])
  expect(await computed(page, '#box', 'background-color')).not.toBe('rgba(0, 0, 0, 0)')
  await select(page, editor, '#plain')
  expect(await computed(page, '#box', 'background-color')).toBe('rgba(0, 0, 0, 0)')
})

test('a plain CSS file rule (and its breakpoint, one class) and a CSS module rule both appear', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 740 })
  const editor = await connectEditor(page)
  await select(page, editor, '#plain')
  const plain = (await rules(editor)).filter((rule) => rule.classParsed === 'plain-note')
  expect(plain.map((rule) => [rule.styles, rule.applied, rule.modifiers, rule.allowChanges])).toEqual([
    [{ 'letter-spacing': '0.25em' }, true, [], true],
    [{ 'letter-spacing': '0.5em' }, false, ['lg'], true],
  ])
  expect(plain[0]?.filename).toMatch(/src\/plain\.css$/)

  await select(page, editor, '#module')
  const hashed = (await page.locator('#module').getAttribute('class')) as string
  expect(hashed).not.toBe('card')
  expect(await ruleFor(editor, hashed)).toMatchObject({
    applied: true,
    removable: true,
    allowChanges: true,
    styles: { 'border-top': '3px solid rgb(1, 2, 3)' },
  })
  expect((await ruleFor(editor, hashed))?.filename).toMatch(/src\/card\.module\.css$/)
})

test('getCssEvals and ruleMatchesElement answer for the selection and send their events', async ({
  page,
}) => {
  const editor = await connectEditor(page)
  await select(page, editor, '#box')
  await editor.clearEvents()

  const evals = await editor.call<CssEvalsPayload>('getCssEvals')
  // 1280 px wide: md:p-8 applies.
  expect(evals.styles['padding-top']).toBe('32px')
  expect(evals.styles.display).toBe('block')
  expect(Object.keys(evals.styles).length).toBeGreaterThanOrEqual(65)
  expect(evals.parent).toEqual({ display: 'block', 'flex-direction': 'row' })
  expect(evals.darkEnabledInParent).toBe(false)
  await page.evaluate(() => document.documentElement.classList.add('dark'))
  expect((await editor.call<CssEvalsPayload>('getCssEvals')).darkEnabledInParent).toBe(true)

  expect(await editor.call('ruleMatchesElement', 'main > .p-4')).toEqual({
    selector: 'main > .p-4',
    matches: true,
  })
  expect(await editor.call('ruleMatchesElement', '.md\\:p-8:hover')).toEqual({
    selector: '.md\\:p-8:hover',
    matches: false,
  })
  expect(await editor.call('ruleMatchesElement', '[[')).toEqual({ selector: '[[', matches: false })
  // The dark class on <html> is a change of the page: a tree may come between the answers.
  const answered = (await editor.events()).filter((event) => event.type !== OutboundEvent.NAV_TREE)
  expect(answered.map((event) => event.type)).toEqual([
    OutboundEvent.CSS_EVALS,
    OutboundEvent.CSS_EVALS,
    OutboundEvent.RULE_MATCH,
    OutboundEvent.RULE_MATCH,
    OutboundEvent.RULE_MATCH,
  ])
})
