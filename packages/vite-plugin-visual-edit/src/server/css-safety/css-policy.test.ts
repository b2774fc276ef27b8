import { describe, expect, test } from 'vitest'
import { introduced, reviewCss } from './css-policy.ts'
import { tokenize } from './css-tokens.ts'

/** A stylesheet one folder down in the project's source folder, as most are. */
const context = { sheet: 'src/styles/app.css', folders: new Set(['src']) }
const findings = (css: string) => {
  const review = reviewCss(css, context)
  return review.parseProblem === null
    ? review.findings.map((finding) => finding.problem)
    : [review.parseProblem]
}

// Each must be refused: code loading, reads outside the source folders, and what could hide either.
const ATTACKS: [string, string, RegExp?][] = [
  ['@plugin', '@plugin "./p.js";', /load a module into the dev server/],
  ['@config', '@config "./tailwind.config.js";', /load a module/],
  ['@plugin of a package', '@import "tailwindcss";\n@plugin "@tailwindcss/typography";', /@plugin/],
  ['@PLUGIN (upper case)', '@PLUGIN "./p.js";', /@PLUGIN makes Tailwind load/],
  ['@Config (mixed case)', '@Config "./c.js";', /load a module/],
  ['@\\70 lugin (hex escape)', '@\\70 lugin "./p.js";'],
  ['@\\50 LUGIN (escape, upper case)', '@\\50 LUGIN "./p.js";'],
  ['@\\69mport (escaped import)', '@\\69mport "../../../x.css";'],
  ['@plugin without a space', '@plugin"./p.js";', /load a module/],
  ['@plugin with a comment for a space', '@plugin/**/"./p.js";', /load a module/],
  ['@plugin inside @media', '@media screen { @plugin "./p.js"; }', /load a module/],
  ['@config inside @layer', '@layer base { @config "./c.js"; }', /load a module/],
  ['@plugin after a rule', 'a{b:c}@plugin "x"', /load a module/],
  ['@plugin in a comment', '/* @plugin "./p.js"; */\n.a { color: red }', /outside an at-rule/],
  ['@import in a string', '.a { content: "@import \'../x\'" }', /outside an at-rule/],
  ['@config in a selector', '.x[title="@config \'./p.js\'"] { color: red }', /outside an at-rule/],
  ['an unknown at-rule (postcss-mixins)', '@mixin big;', /not an at-rule visual-edit writes/],
  ['@define-mixin', '@define-mixin icon $name { color: red }', /not an at-rule/],
  ['@-moz-document', '@-moz-document url-prefix() { .a { color: red } }', /not an at-rule/],
  [
    '@import ../ out of the project',
    '@import "../../../../etc/passwd";',
    /outside the project's source folders/,
  ],
  ['@import url() unquoted', '@import url(../../../../etc/passwd);', /outside/],
  ['@import url() quoted', '@import url("../../../etc/passwd");', /outside/],
  ['@import with CSS escapes', '@import "\\2e\\2e/\\2e\\2e/\\2e\\2e/etc/passwd";', /outside/],
  ['@import percent-encoded', '@import "%2e%2e/%2e%2e/%2e%2e/etc/passwd";', /outside/],
  [
    '@import percent-encoded twice',
    '@import "%252e%252e/%252e%252e/etc/passwd";',
    /percent-encoding|outside/,
  ],
  ['@import with backslashes', '@import "..\\\\..\\\\..\\\\etc\\\\passwd";', /backslash/],
  ['@import of an escaped backslash', '@import "\\5c\\2e\\2e";', /backslash/],
  ['@import of a root path', '@import "/etc/passwd";', /root path/],
  ["@import of Vite's /@fs/", '@import "/@fs/etc/passwd";', /root path/],
  ['@import of a file: URL', '@import "file:///etc/passwd";', /file: URL/],
  ['@import url() of a file: URL', '@import url(file:///etc/passwd);', /file: URL/],
  ['@import of a data: URL', '@import "data:text/css,a{}";', /data: URL/],
  ['@IMPORT (upper case)', '@IMPORT "../../../x.css";', /outside/],
  ['@import without a space', '@import"../../../x.css";', /outside/],
  ['@import of a root-level file', '@import "../../index.css";', /outside/],
  ['@import of a package path with ..', '@import "pkg/../../../etc/passwd";', /neither a package/],
  ['@import of an alias', '@import "@/styles/x.css";', /neither a package/],
  ['@import of a ~ alias', '@import "~/x.css";', /neither a package/],
  ['@import with a loader query', '@import "./x.js?raw";', /query/],
  ['@import into node_modules', '@import "../node_modules/x/y.css";', /node_modules/],
  ['@import of a dot-file', '@import "../.env";', /dot-file/],
  ['@import of a key file', '@import "./server.pem";', /key or certificate/],
  ['@import naming nothing', '@import layer(x);', /names no quoted path/],
  ['@reference outside', '@reference "../../../outside.css";', /@reference .*outside/],
  ['source() of the tailwindcss import', '@import "tailwindcss" source("../../..");', /source .*outside/],
  ['@tailwind utilities source()', '@tailwind utilities source("../../..");', /source .*outside/],
  ['@source outside', '@source "../../../";', /outside/],
  ['@source not, outside', '@source not "../../../x";', /outside/],
  [
    'composes from outside',
    '.a { composes: b from "../../../outside.css"; }',
    /CSS-modules import .*outside/,
  ],
  ['@value from outside', '@value x from "../../../outside.css";', /outside/],
  ['ICSS :import()', ':import("../../../outside.css") { x: y }', /outside/],
  ['url() outside', '.a { background: url(../../../x.png); }', /url\(\) .*outside/],
  ['url() with CSS escapes', '.a { background: url(\\2e\\2e/\\2e\\2e/\\2e\\2e/x.png); }', /outside/],
  ['url() with an escaped name', '.a { background: \\75 rl(../../../x.png); }', /outside/],
  ['URL() in upper case', '.a { background: URL("../../../x.png"); }', /outside/],
  ['src()', '.a { background: src("../../../x.png"); }', /outside/],
  ['image-set() string', '.a { background: image-set("../../../x.png" 1x); }', /outside/],
  ['-webkit-image-set() url()', '.a { background: -webkit-image-set(url(../../../x.png) 1x); }', /outside/],
  ['@font-face src: url()', '@font-face { font-family: X; src: url(../../../x.woff2); }', /outside/],
  ['a custom property url()', ':root { --bg: url("../../../x.png"); }', /outside/],
  ['url() protocol-relative', '.a { background: url(//evil.example/x.png); }', /protocol-relative/],
  ['url() javascript:', '.a { background: url("javascript:alert(1)"); }', /javascript: URL/],
  ['url() of a drive', '.a { background: url(C:/Windows/x.png); }', /c: URL/],
  ['url() of a root path', '.a { background: url(/etc/passwd); }', /root path/],
  ['url() of an alias', '.a { background: url(~/x.png); }', /alias/],
  ['an unterminated url()', '.a { background: url("../../x.png', /does not parse|unterminated/],
  ['a bad url() token', '.a { background: url(a b); }', /unterminated/],
  ['CSS that does not parse', '.a { color: red', /does not parse/],
]

// Each must pass: the CSS projects and the editor write.
const LEGITIMATE: [string, string][] = [
  [
    'a Tailwind 4 entry',
    [
      '@import "tailwindcss";',
      '@import "tw-animate-css";',
      '@custom-variant dark (&:is(.dark *));',
      '@theme inline {\n  --color-brand: #4f46e5;\n  --font-sans: "Inter", sans-serif;\n}',
      '@utility content-auto {\n  content-visibility: auto;\n}',
      '@variant hover { .x { color: red } }',
      '@layer base {\n  body {\n    @apply bg-white text-gray-900;\n  }\n}',
    ].join('\n'),
  ],
  [
    'Tailwind 4 sources',
    '@import "tailwindcss" source("../");\n@source "./components";\n@source not "../legacy";\n@source inline("{hover:,}bg-red-{50,100}");\n@import "tailwindcss" source(none);',
  ],
  ['@tailwind utilities source(none)', '@tailwind utilities source(none);'],
  [
    'a Tailwind 3 stylesheet',
    '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n@layer components {\n  .btn { @apply rounded px-4; }\n}\n@screen md { .a { color: red } }\n@responsive { .b { color: red } }\n@variants hover { .c { color: red } }',
  ],
  [
    'a CSS module',
    '@value primary: #BF4040;\n@value small from "./breakpoints.css";\n.a { composes: b from "./shared.module.css"; composes: c from global; }\n:import("./colors.css") { brand: brand }\n:export { primary: primary }',
  ],
  [
    '@font-face with local and sibling fonts',
    '@font-face {\n  font-family: "Inter";\n  src: local("Inter"), url(../fonts/inter.woff2?v=4) format("woff2"), url("data:font/woff2;base64,AAAA") format("woff2");\n  font-display: swap;\n}',
  ],
  [
    '@import of a sibling',
    '@import "./card.css";\n@import "card.css";\n@import url("./theme.css") layer(theme);\n@import url(../base.css);',
  ],
  [
    'Google Fonts',
    '@import url("https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap");\n@import url(https://fonts.googleapis.com/css2?family=Roboto);\n@import "https://fonts.example/x.css";',
  ],
  [
    'package stylesheets',
    '@import "@fontsource/inter";\n@import "@fontsource/inter/400.css";\n@import "tailwindcss/theme.css" layer(theme);',
  ],
  ['@charset and @namespace', '@charset "UTF-8";\n@namespace svg url(http://www.w3.org/2000/svg);'],
  [
    'conditional and animation at-rules',
    '@media (min-width: 48rem) { .a { color: red } }\n@supports (display: grid) { .b { display: grid } }\n@container card (min-width: 20rem) { .c { gap: 1rem } }\n@keyframes spin { to { transform: rotate(360deg) } }\n@-webkit-keyframes spin { to { opacity: 1 } }\n@layer theme, base, components, utilities;\n@starting-style { .a { opacity: 0 } }\n@scope (.card) to (.content) { img { border: 1px solid } }\n@view-transition { navigation: auto; }',
  ],
  [
    'descriptor at-rules',
    '@property --x { syntax: "<length>"; inherits: false; initial-value: 0px; }\n@page :first { margin: 1in; @top-center { content: "Title" } }\n@counter-style thumbs { system: cyclic; symbols: "*"; suffix: " "; }\n@font-feature-values Font One { @styleset { nice-style: 12; } }',
  ],
  [
    'local url()s and fragments',
    '.a { background: url(#clip); filter: url("#blur"); mask: url(../assets/mask.svg); background-image: url(bg.png), image-set("./a.png" 1x, "./a@2x.png" 2x); }',
  ],
  [
    'a data: SVG',
    `.icon { background-image: url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg'/%3e"); }`,
  ],
  [
    'an @ in text that names nothing',
    '.a::after { content: "@media or me@example.com"; }\n/* @apply is fine here */',
  ],
  ['a BOM and CRLF', '\uFEFF.card {\r\n  color: red;\r\n}\r\n'],
]

describe('the CSS policy', () => {
  test('the tables hold at least 40 attacks', () => {
    expect(ATTACKS.length).toBeGreaterThanOrEqual(40)
  })

  test.each(ATTACKS)('refuses %s', (_name, css, message) => {
    const problems = findings(css)
    expect(problems.length, css).toBeGreaterThan(0)
    if (message) expect(problems.join('\n')).toMatch(message)
  })

  test.each(LEGITIMATE)('writes %s', (_name, css) => {
    expect(findings(css)).toEqual([])
  })

  test('from a stylesheet at the root of its folder, ../ leaves the source folders', () => {
    const atTop = { sheet: 'src/app.css', folders: new Set(['src']) }
    expect(reviewCss('@import "./card.css";', atTop).findings).toEqual([])
    expect(reviewCss('@import "../card.css";', atTop).findings).toHaveLength(1)
    expect(reviewCss('@import "../app/card.css";', atTop).findings).toHaveLength(1)
    expect(
      reviewCss('@import "../app/card.css";', { ...atTop, folders: new Set(['src', 'app']) }).findings,
    ).toEqual([])
  })

  test('names the files relative references lead to', () => {
    const review = reviewCss('@import "./a.css";\n.b { background: url(../img/b.png?v=1#x) }', context)
    expect(review.targets.map((target) => target.target)).toEqual(['src/styles/a.css', 'src/img/b.png'])
  })
})

describe('an edit of an existing stylesheet', () => {
  const own =
    '@import "tailwindcss";\n@plugin "@tailwindcss/typography";\n@import "../../../shared/x.css";\n.card {\n  color: red;\n}\n'

  test("keeps what the project's own file had", () => {
    const before = reviewCss(own, context)
    expect(before.findings).toHaveLength(2)
    const after = reviewCss(own.replace('color: red', 'color: blue;\n  padding: 8px'), context)
    expect(introduced(before, after).findings).toEqual([])
  })

  test('refuses what it adds, even a copy of what the file had', () => {
    const before = reviewCss(own, context)
    const after = reviewCss(
      `${own}@plugin "@tailwindcss/typography";\n.b { background: url("../../../y.png") }\n`,
      context,
    )
    expect(introduced(before, after).findings.map((finding) => finding.key)).toEqual([
      '@plugin "@tailwindcss/typography"',
      'url ../../../y.png',
    ])
  })

  test('a new file has nothing to keep', () => {
    expect(introduced(null, reviewCss(own, context)).findings).toHaveLength(2)
  })

  test('reports the targets of the references it adds only', () => {
    const before = reviewCss('.a { background: url(./a.png) }', context)
    const after = reviewCss('.a { background: url(./a.png) }\n.b { background: url(./b.png) }', context)
    expect(introduced(before, after).targets).toEqual(['src/styles/b.png'])
  })
})

describe('the tokenizer', () => {
  test('decodes escapes as CSS does', () => {
    expect(tokenize('\\75 rl(\\2e\\2e/x) "\\2e\\2e\\/y" \\70lugin')).toEqual([
      { type: 'url', value: '../x', bad: false },
      { type: 'space' },
      { type: 'string', value: '../y', bad: false },
      { type: 'space' },
      { type: 'ident', value: 'plugin' },
    ])
  })

  test('skips comments and keeps functions apart from url tokens', () => {
    expect(tokenize('url( "a" )/* x */src(b)')).toEqual([
      { type: 'function', name: 'url' },
      { type: 'space' },
      { type: 'string', value: 'a', bad: false },
      { type: 'space' },
      { type: 'close', value: ')' },
      { type: 'function', name: 'src' },
      { type: 'ident', value: 'b' },
      { type: 'close', value: ')' },
    ])
  })
})
