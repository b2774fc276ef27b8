import { describe, expect, test } from 'vitest'
import { candidateUrls, MAX_ARGUMENT, mayHoldCandidateUrl } from './candidate-urls.ts'

type Read = { kind: 'url' | 'image-set'; forms: string[] }[]
const read = (text: string): Read => candidateUrls(text).map(({ kind, forms }) => ({ kind, forms }))

// What each text hands Tailwind: the URL in every form CSS may read it.
const CASES: [string, string, Read][] = [
  ['an unquoted url()', 'bg-[url(../x)]', [{ kind: 'url', forms: ['../x'] }]],
  ['a single-quoted url()', "bg-[url('/etc/passwd')]", [{ kind: 'url', forms: ['/etc/passwd'] }]],
  ['a double-quoted url()', 'bg-[url("a b.png")]', [{ kind: 'url', forms: ['a b.png'] }]],
  ['upper case', 'bg-[URL(../x)]', [{ kind: 'url', forms: ['../x'] }]],
  ['mixed case', 'bg-[uRl(../x)]', [{ kind: 'url', forms: ['../x'] }]],
  ['an escaped name', 'bg-[u\\72l(../x)]', [{ kind: 'url', forms: ['../x'] }]],
  ['a name escaped with a space', 'bg-[\\75 rl(../x)]', [{ kind: 'url', forms: ['../x'] }]],
  ['a name partly escaped', 'bg-[ur\\6c(../x)]', [{ kind: 'url', forms: ['../x'] }]],
  ['a name escaped at its start', 'bg-[\\75rl(../x)]', [{ kind: 'url', forms: ['../x'] }]],
  ['a name escaped as itself', 'bg-[\\u\\r\\l(../x)]', [{ kind: 'url', forms: ['../x'] }]],
  ['an escaped path', 'bg-[url(\\2e\\2e/x)]', [{ kind: 'url', forms: ['../x'] }]],
  [
    "Tailwind's spaces around an argument",
    "bg-[URL(_'/etc/passwd'_)]",
    [{ kind: 'url', forms: ['/etc/passwd'] }],
  ],
  ['spaces inside the quotes', "bg-[url('_../x_')]", [{ kind: 'url', forms: ['_../x_', '../x'] }]],
  ['an unquoted argument with _', 'bg-[url(_../x)]', [{ kind: 'url', forms: ['_../x', '../x'] }]],
  ['an escaped underscore', 'bg-[url(/a\\_b.png)]', [{ kind: 'url', forms: ['/a_b.png'] }]],
  ['an arbitrary property', '[mask:url(%2e%2e/x)]', [{ kind: 'url', forms: ['%2e%2e/x'] }]],
  ['after another word', '[background:red_url(../w)]', [{ kind: 'url', forms: ['../w'] }]],
  [
    'after a [ farther back in its word',
    '[background:linear-gradient(red,blue),url(../x)]',
    [{ kind: 'url', forms: ['../x'] }],
  ],
  ['a var() fallback', 'bg-(--x,url(../y))', [{ kind: 'url', forms: ['../y'] }]],
  ['inside a CSS string', "content-['url(../c)']", [{ kind: 'url', forms: ['../c'] }]],
  ['after a ( in its word', "cn(URL('../x'))", [{ kind: 'url', forms: ['../x'] }]],
  ['after a no-break space', '[mask:\u00a0url(../x)]', [{ kind: 'url', forms: ['../x'] }]],
  ['after an escaped space', '[mask:\\ url(../x)]', [{ kind: 'url', forms: ['../x'] }]],
  ['an escaped paren in the path', '[url(a\\)b)]', [{ kind: 'url', forms: ['a)b'] }]],
  ['an empty url()', '[url()]', [{ kind: 'url', forms: [''] }]],
  [
    'image-set() strings and bare words',
    "bg-[image-set('../a.png'_1x,../b.png_2x)]",
    [
      { kind: 'image-set', forms: ['../a.png'] },
      { kind: 'image-set', forms: ['../b.png_2x', '../b.png'] },
    ],
  ],
  [
    'image-set() with a url() and a gradient',
    'bg-[-webkit-image-set(url(../a.png)_1x,linear-gradient(red,blue)_2x)]',
    [{ kind: 'url', forms: ['../a.png'] }],
  ],
  ['an escaped image-set', 'bg-[im\\61ge-set("../a.png")]', [{ kind: 'image-set', forms: ['../a.png'] }]],
  // Tailwind never makes CSS of these: no [ or ( before the url( in its word.
  ["JavaScript's URL", "new URL('/api/x', location.origin)", []],
  ["an inline style's url()", 'style={{ backgroundImage: "url(../a.png)" }}', []],
  ['prose', 'see url(../a.png) here', []],
  ['no url', 'flex p-4 bg-[#fff] curly url = x', []],
  ['url without a paren', 'const url = (x) => x; [url_(x)]; [url (y)]', []],
]

describe('candidateUrls', () => {
  test.each(CASES)('%s', (_name, text, expected) => {
    expect(read(text)).toEqual(expected)
    expect(read(`<div className="${text}" />`)).toEqual(expected)
    if (expected.length > 0) expect(mayHoldCandidateUrl(text)).toBe(true)
  })

  test('mayHoldCandidateUrl: false for a text without url( or image-set( in any spelling', () => {
    expect(mayHoldCandidateUrl('export const A = () => <div className="flex p-4">{f(x)}</div>')).toBe(false)
    expect(mayHoldCandidateUrl('const re = /\\d+\\(/; f(a\\b); g(\\75)')).toBe(false)
    expect(mayHoldCandidateUrl('new URL(x)')).toBe(true)
  })

  test('names the line of each and what was written', () => {
    const urls = candidateUrls('a\nb\n<p className="bg-[url(\'/x.png\')]">\n  [url(y)] (url(z))</p>\n')
    expect(urls.map(({ line, written }) => ({ line, written }))).toEqual([
      { line: 3, written: "'/x.png'" },
      { line: 4, written: 'y' },
      { line: 4, written: 'z' },
    ])
  })

  test('an argument longer than MAX_ARGUMENT is marked incomplete, not cut and passed', () => {
    const long = `[url(${'a/'.repeat(MAX_ARGUMENT)}../../x)]`
    expect(candidateUrls(long).map(({ complete }) => complete)).toEqual([false])
    expect(candidateUrls(`[image-set('x'${'_'.repeat(MAX_ARGUMENT)})]`)[0]?.complete).toBe(false)
    expect(candidateUrls(`[url(${'a'.repeat(MAX_ARGUMENT - 10)})]`)[0]?.complete).toBe(true)
  })

  test('a word longer than MAX_ARGUMENT before url( counts as a class value', () => {
    expect(read(`${'a'.repeat(MAX_ARGUMENT + 10)}url(../x)`)).toEqual([{ kind: 'url', forms: ['../x'] }])
  })

  test('an argument stops at the end of its line', () => {
    expect(read('[url(../x\n)]')).toEqual([{ kind: 'url', forms: ['../x'] }])
    expect(read("[url('../x\n')]")).toEqual([{ kind: 'url', forms: ['../x'] }])
  })
})
