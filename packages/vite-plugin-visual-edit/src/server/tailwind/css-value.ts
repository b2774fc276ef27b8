/** Pixels per rem when comparing lengths (the browser default root font size). */
const REM_PX = 16
const MAX_VAR_DEPTH = 10

/**
 * A CSS value in a form two equal values share, for telling whether a Tailwind class sets what the
 * user asked for: theme variables substituted, simple `calc()`s computed, rem as px, sRGB colours in
 * one notation (Tailwind 3 writes `#2563eb` as `rgb(37 99 235 / var(--tw-text-opacity, 1))`),
 * numbers and spacing uniform, case folded.
 *
 *   calc(var(--spacing) * 4)  with --spacing: 0.25rem   ->  16px
 *   1rem                                                 ->  16px
 *   #2563EB, rgb(37, 99, 235), rgb(37 99 235 / 1)        ->  rgb(37 99 235)
 */
export function normalizeCssValue(value: string, themeValue: (name: `--${string}`) => string | null): string {
  let out = resolveCssValue(value, themeValue).replace(HEX_COLOR, hexToRgb).replace(RGB_COLOR, rgbToRgb)
  out = out.replace(NUMBER, (_whole, number: string, unit: string) => {
    const lowerUnit = unit.toLowerCase()
    const pixels = lowerUnit === 'rem' ? Number(number) * REM_PX : Number(number)
    return `${format(pixels)}${lowerUnit === 'rem' ? 'px' : lowerUnit}`
  })
  out = out
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .toLowerCase()
  return out === '0' ? '0px' : out
}

/**
 * A value as it reads with the theme's variables put in and simple `calc()`s computed, units kept: what
 * a token or a class's value shows the user.
 *
 *   calc(var(--spacing) * 4)  with --spacing: 0.25rem   ->  1rem
 *   var(--color-brand)        with --color-brand: #123456  ->  #123456
 */
export function resolveCssValue(value: string, themeValue: (name: `--${string}`) => string | null): string {
  let out = substituteVariables(value.trim(), themeValue, 0)
  for (let previous = ''; previous !== out; ) {
    previous = out
    out = out.replace(CALC, (whole, a: string, unitA: string, operator: string, b: string, unitB: string) => {
      const result = calculate(Number(a), unitA, operator, Number(b), unitB)
      return result ?? whole
    })
  }
  return out
}

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` as a token of its own. */
const HEX_COLOR = /#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})(?![\w-])/gi
/** `rgb()` / `rgba()` with plain numbers, comma or space separated, an alpha after `/` or a fourth comma. */
const RGB_COLOR =
  /rgba?\(\s*(\d+(?:\.\d+)?)\s*[,\s]\s*(\d+(?:\.\d+)?)\s*[,\s]\s*(\d+(?:\.\d+)?)\s*(?:[,/]\s*(\d*\.?\d+%?)\s*)?\)/gi

function rgb(red: number, green: number, blue: number, alpha: number): string {
  const channels = `${format(red)} ${format(green)} ${format(blue)}`
  return alpha >= 1 ? `rgb(${channels})` : `rgb(${channels} / ${format(alpha)})`
}

function hexToRgb(_whole: string, hex: string): string {
  const digits = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex
  const channel = (index: number) => Number.parseInt(digits.slice(index * 2, index * 2 + 2), 16)
  return rgb(channel(0), channel(1), channel(2), digits.length === 8 ? channel(3) / 255 : 1)
}

function rgbToRgb(_whole: string, red: string, green: string, blue: string, alpha?: string): string {
  const opacity =
    alpha === undefined ? 1 : alpha.endsWith('%') ? Number(alpha.slice(0, -1)) / 100 : Number(alpha)
  return rgb(Number(red), Number(green), Number(blue), opacity)
}

/** `calc(<number><unit>? <op> <number><unit>?)` with nothing else inside. */
const CALC = /calc\(\s*(-?(?:\d+\.?\d*|\.\d+))([a-z%]*)\s*([*/+-])\s*(-?(?:\d+\.?\d*|\.\d+))([a-z%]*)\s*\)/gi
/** A number (with its unit) that is a token of its own, not part of a name or a hex colour. */
const NUMBER = /(?<![#\w.-])(-?(?:\d+\.?\d*|\.\d+))([a-z%]*)(?![\w.])/gi

function calculate(a: number, unitA: string, operator: string, b: number, unitB: string): string | null {
  switch (operator) {
    case '*':
      if (unitA && unitB) return null
      return `${format(a * b)}${unitA || unitB}`
    case '/':
      if (unitB || b === 0) return null
      return `${format(a / b)}${unitA}`
    default:
      if (unitA !== unitB) return null
      return `${format(operator === '+' ? a + b : a - b)}${unitA}`
  }
}

function format(value: number): string {
  const rounded = Number(value.toFixed(4))
  return Object.is(rounded, -0) ? '0' : String(rounded)
}

/** Replaces `var(--x, fallback)` by the theme's value of --x, else by its fallback; else leaves it. */
function substituteVariables(
  value: string,
  themeValue: (name: `--${string}`) => string | null,
  depth: number,
): string {
  if (depth > MAX_VAR_DEPTH) return value
  let out = ''
  let index = 0
  for (;;) {
    const start = value.indexOf('var(', index)
    if (start === -1) return out + value.slice(index)
    const end = closingParenthesis(value, start + 3)
    if (end === -1) return out + value.slice(index)
    out += value.slice(index, start)
    const inner = value.slice(start + 4, end)
    const comma = topLevelComma(inner)
    const name = (comma === -1 ? inner : inner.slice(0, comma)).trim()
    const fallback = comma === -1 ? undefined : inner.slice(comma + 1).trim()
    const resolved = name.startsWith('--') ? themeValue(name as `--${string}`) : null
    if (resolved !== null) out += substituteVariables(resolved, themeValue, depth + 1)
    else if (fallback !== undefined) out += substituteVariables(fallback, themeValue, depth + 1)
    else out += value.slice(start, end + 1)
    index = end + 1
  }
}

function closingParenthesis(value: string, open: number): number {
  let depth = 0
  for (let i = open; i < value.length; i += 1) {
    if (value[i] === '(') depth += 1
    else if (value[i] === ')') {
      depth -= 1
      if (depth === 0) return i
    }
  }
  return -1
}

function topLevelComma(value: string): number {
  let depth = 0
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i]
    if (char === '(') depth += 1
    else if (char === ')') depth -= 1
    else if (char === ',' && depth === 0) return i
  }
  return -1
}
