import type { DesignToken } from 'vite-plugin-visual-edit/protocol'

/** A 1x1 canvas that turns any colour the browser knows (oklch, color-mix, names) into sRGB bytes. */
let probe: CanvasRenderingContext2D | null | undefined

const hexByte = (value: number) => Math.round(value).toString(16).padStart(2, '0')

/** Colours read so far: every colour field compares its value with each of the theme's (~250) on each render. */
const read = new Map<string, { hex: string; alpha: number } | null>()
/** A bound on `read`, far above a theme's colours and the values of a session. */
const MAX_READ = 4096

/**
 * A CSS colour as the picker's `#rrggbb` and its alpha (0-1); null when the browser does not read it
 * as a colour. `rgb()` and hex are read here, anything else by painting it on a canvas (once per
 * colour: remembered).
 *
 *   'rgb(37, 99, 235)'  ->  { hex: '#2563eb', alpha: 1 }      'transparent'  ->  { hex: '#000000', alpha: 0 }
 */
export function colorOf(color: string): { hex: string; alpha: number } | null {
  if (read.has(color)) return read.get(color) ?? null
  const result = readColor(color)
  if (read.size >= MAX_READ) read.clear()
  read.set(color, result)
  return result
}

function readColor(color: string): { hex: string; alpha: number } | null {
  const text = color.trim().toLowerCase()
  if (text === '') return null
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text)
  if (short)
    return {
      hex: `#${short
        .slice(1)
        .map((c) => c + c)
        .join('')}`,
      alpha: 1,
    }
  if (/^#[0-9a-f]{6}$/.test(text)) return { hex: text, alpha: 1 }
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text)
  if (rgb) {
    const alphaText = rgb[4]
    const alpha =
      alphaText === undefined
        ? 1
        : alphaText.endsWith('%')
          ? Number.parseFloat(alphaText) / 100
          : Number(alphaText)
    return { hex: `#${[rgb[1], rgb[2], rgb[3]].map((part) => hexByte(Number(part))).join('')}`, alpha }
  }
  if (typeof document === 'undefined' || !CSS.supports('color', text)) return null
  probe ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true })
  if (!probe) return null
  probe.clearRect(0, 0, 1, 1)
  probe.fillStyle = text
  probe.fillRect(0, 0, 1, 1)
  const [r = 0, g = 0, b = 0, a = 0] = probe.getImageData(0, 0, 1, 1).data
  return { hex: `#${hexByte(r)}${hexByte(g)}${hexByte(b)}`, alpha: Math.round((a / 255) * 100) / 100 }
}

/** What the colour field shows: `#2563eb`, `transparent`, or the colour as computed when it has alpha. */
export function colorText(computed: string): string {
  const color = colorOf(computed)
  if (!color) return computed
  if (color.alpha === 0) return 'transparent'
  return color.alpha === 1 ? color.hex : computed
}

/**
 * The theme's colours by family (`blue` -> its shades in order), as the picker lays them out: the
 * colours without shades (black, white) together in a first row.
 */
export function colorFamilies(colors: readonly DesignToken[]): [string, DesignToken[]][] {
  const families = new Map<string, DesignToken[]>()
  for (const token of colors) {
    const family = token.name.replace(/-\d+$/, '')
    const list = families.get(family) ?? []
    list.push(token)
    families.set(family, list)
  }
  const single = [...families.values()].filter((list) => list.length === 1).flat()
  const shaded = [...families].filter(([, list]) => list.length > 1)
  return single.length > 0 ? [['', single], ...shaded] : shaded
}
