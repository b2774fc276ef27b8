import type { Root } from 'postcss'
import { type CssToken, tokenize } from './css-tokens.ts'
import type { ReferenceKind } from './reference-policy.ts'

/**
 * Everything in a parsed stylesheet that names a file, a package or a URL, read the way the tools of
 * a dev server read it:
 *
 *   @import "./a.css" layer(x) source("../app");   import ./a.css, source ../app
 *   @reference "../theme.css";  @source not "../legacy";  @tailwind utilities source("../lib");
 *   .a { background: url(x.png), image-set("y.png" 1x); src: url(f.woff2) }   url x.png, y.png, f.woff2
 *   .b { composes: c from "./c.module.css" }  @value blue from "./colors.css";  :import("./d.css") {}
 *
 * Values are taken from the text as written (postcss keeps comments in `raws`), escapes decoded.
 */

export interface CssReference {
  kind: ReferenceKind
  /** The reference with its CSS escapes decoded. */
  value: string
  line: number
}

/** A string or `url(...)` that does not end where CSS expects, or an import without a path. */
export interface CssMalformed {
  problem: string
  line: number
}

export interface CssAtRule {
  /** As written, without `@`. */
  name: string
  params: string
  line: number
  /** Offset of its `@` in the text postcss parsed. */
  offset: number
}

export interface CssContents {
  atRules: CssAtRule[]
  references: CssReference[]
  malformed: CssMalformed[]
}

/** Functions whose strings are URLs (`image-set("a.png" 1x)`); `url(...)` and `src(...)` take one. */
const URL_FUNCTIONS = new Set(['url', 'src'])
const IMAGE_FUNCTIONS = new Set([
  'image-set',
  '-webkit-image-set',
  'image',
  'cross-fade',
  '-webkit-cross-fade',
])

const lineOf = (node: { source?: { start?: { line: number } } }) => node.source?.start?.line ?? 0

/**
 * The URLs of a value or params (`url(...)`, `src(...)`, strings of `image-set(...)`), the paths of
 * `source(...)`, and, for `@source`/`@value`/`composes`, `top` strings (outside any function) as `top`.
 */
function scan(tokens: readonly CssToken[], line: number, into: CssContents, top?: ReferenceKind): void {
  const stack: string[] = []
  for (const token of tokens) {
    if (token.type === 'function') stack.push(token.name.toLowerCase())
    else if (token.type === 'open') stack.push(token.value)
    else if (token.type === 'close') stack.pop()
    else if (token.type === 'url' || token.type === 'string') {
      if (token.bad) {
        into.malformed.push({
          problem: `an unterminated string or url() (${JSON.stringify(token.value)})`,
          line,
        })
        continue
      }
      if (token.type === 'url') {
        into.references.push({ kind: 'url', value: token.value, line })
        continue
      }
      const nearest = stack.at(-1)
      const kind: ReferenceKind | undefined =
        nearest !== undefined && URL_FUNCTIONS.has(nearest)
          ? 'url'
          : stack.some((name) => IMAGE_FUNCTIONS.has(name))
            ? 'url'
            : nearest === 'source'
              ? 'source'
              : stack.length === 0
                ? top
                : undefined
      if (kind !== undefined) into.references.push({ kind, value: token.value, line })
    }
  }
}

/** `@import`/`@reference`: the path or URL it starts with; the rest scanned like any params. */
function scanImport(kind: 'import' | 'reference', tokens: CssToken[], line: number, into: CssContents): void {
  let index = tokens.findIndex((token) => token.type !== 'space')
  const first = tokens[index]
  let value: string | undefined
  if (first?.type === 'string' || first?.type === 'url') {
    if (!first.bad) value = first.value
    index += 1
  } else if (first?.type === 'function' && URL_FUNCTIONS.has(first.name.toLowerCase())) {
    const inner = tokens.slice(index + 1).filter((token) => token.type !== 'space')
    if (inner[0]?.type === 'string' && !inner[0].bad && inner[1]?.type === 'close') value = inner[0].value
    index = tokens.indexOf(inner[1] as CssToken) + 1
  }
  if (value === undefined || index <= 0) {
    into.malformed.push({ problem: `@${kind} names no quoted path or url()`, line })
    return
  }
  into.references.push({ kind, value, line })
  scan(tokens.slice(index), line, into)
}

/** `:import("./x.css")` of ICSS (CSS modules' low-level imports) in a selector. */
function scanSelector(tokens: readonly CssToken[], line: number, into: CssContents): void {
  for (let index = 1; index < tokens.length; index += 1) {
    const token = tokens[index] as CssToken
    const previous = tokens[index - 1] as CssToken
    if (token.type !== 'function' || previous.type !== 'delim' || previous.value !== ':') continue
    if (token.name.toLowerCase() !== 'import') continue
    for (let inner = index + 1; inner < tokens.length && tokens[inner]?.type !== 'close'; inner += 1) {
      const argument = tokens[inner] as CssToken
      if (argument.type === 'string') into.references.push({ kind: 'module', value: argument.value, line })
    }
  }
}

/** The at-rules, references and malformed strings of a parsed stylesheet. */
export function cssContents(root: Root): CssContents {
  const contents: CssContents = { atRules: [], references: [], malformed: [] }
  root.walk((node) => {
    const line = lineOf(node)
    if (node.type === 'atrule') {
      const params = (node.raws.params as { raw?: string } | undefined)?.raw ?? node.params
      contents.atRules.push({ name: node.name, params, line, offset: node.source?.start?.offset ?? -1 })
      const tokens = tokenize(params)
      const name = node.name.toLowerCase()
      if (name === 'import' || name === 'reference') scanImport(name, tokens, line, contents)
      else if (name === 'source') scan(tokens, line, contents, 'source')
      else if (name === 'value') scan(tokens, line, contents, 'module')
      else scan(tokens, line, contents)
    } else if (node.type === 'decl') {
      const value = (node.raws.value as { raw?: string } | undefined)?.raw ?? node.value
      const composes = /^compose[s-]/i.test(node.prop)
      scan(tokenize(value), line, contents, composes ? 'module' : undefined)
    } else if (node.type === 'rule') {
      const selector = (node.raws.selector as { raw?: string } | undefined)?.raw ?? node.selector
      scanSelector(tokenize(selector), line, contents)
    }
  })
  return contents
}
