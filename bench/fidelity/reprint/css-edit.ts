/**
 * The reprinting editor's CSS edit: the stylesheet parsed with postcss, the rule's declarations set or
 * removed on the tree (a missing `:hover` rule appended), the tree printed and the whole stylesheet
 * formatted by prettier. Its undo puts the rule's declarations back on the printed stylesheet's tree
 * (or drops the rule it created) and prints again.
 */
import {
  DELETE_STYLE_CONSTANT,
  type StyleModifier,
} from '../../../packages/vite-plugin-visual-edit/src/protocol/styling.ts'
import { cssPropertyName } from '../../../packages/vite-plugin-visual-edit/src/server/mutate/styling.ts'
import {
  normalizeSelector,
  parseSheet,
} from '../../../packages/vite-plugin-visual-edit/src/server/styling/css.ts'
import { variantSelector } from '../../../packages/vite-plugin-visual-edit/src/server/styling/css-variants.ts'
import type { SourceProject } from '../task.ts'
import { printStylesheet } from './print.ts'

type Sheet = ReturnType<typeof parseSheet>

function parse(text: string, file: string): Sheet {
  return parseSheet({
    path: file,
    relativePath: file,
    bytes: Buffer.from(text),
    text,
    eol: '\n',
    mode: 0o644,
  })
}

function ruleOf(sheet: Sheet, selector: string) {
  const wanted = normalizeSelector(selector)
  for (const node of sheet.nodes)
    if (node.type === 'rule' && normalizeSelector(node.selector) === wanted) return node
  return undefined
}

export interface StylesheetEdit {
  text: string
  /** The reprint's undo of the edit, on the text it printed. */
  undo: (printed: string) => Promise<string>
}

export async function reprintStylesheet(args: {
  original: string
  file: string
  selector: string
  styling: Readonly<Record<string, string>>
  modifiers: readonly StyleModifier[]
  style: SourceProject['style']
}): Promise<StylesheetEdit> {
  const { original, file, styling, style } = args
  const sheet = parse(original, file)
  if (args.modifiers.some((modifier) => !['hover', 'focus', 'active', 'disabled', 'dark'].includes(modifier)))
    throw new Error('The reprinting editor writes state and dark modifiers only, not breakpoints')
  const selector = variantSelector(args.selector, args.modifiers, /\.module\.css$/i.test(file))
  const existing = ruleOf(sheet, selector)
  const saved = existing?.clone()
  const rule = existing ?? sheet.append({ selector }).last
  if (rule?.type !== 'rule') throw new Error(`No rule ${selector} in ${file}`)
  for (const [name, value] of Object.entries(styling)) {
    const prop = cssPropertyName(name)
    if (!prop) throw new Error(`${name} is not a CSS property`)
    const declarations = rule.nodes.filter((node) => node.type === 'decl' && node.prop === prop)
    if (value === DELETE_STYLE_CONSTANT) for (const declaration of declarations) declaration.remove()
    else {
      const last = declarations.at(-1)
      if (last?.type === 'decl') last.value = value
      else rule.append({ prop, value })
    }
  }
  const text = await printStylesheet(sheet.toString(), original, style)
  return {
    text,
    undo: async (printed) => {
      const again = parse(printed, file)
      const edited = ruleOf(again, selector)
      if (!edited) throw new Error(`The printed stylesheet lost ${selector}`)
      if (saved) {
        edited.removeAll()
        edited.append(saved.nodes.map((node) => node.clone()))
      } else edited.remove()
      return printStylesheet(again.toString(), original, style)
    },
  }
}
