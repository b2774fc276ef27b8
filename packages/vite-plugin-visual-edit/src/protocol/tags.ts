import { CODEBASE_ID_ATTRIBUTE } from './ids.ts'

/**
 * What an element's tag and props may be set to visually: the rules the mutate server enforces
 * (server/jsx/jsx-values.ts) and the editor offers by, so a choice it shows is one the server takes.
 */

/** Elements that cannot have children (React throws if they get some). */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])

/**
 * Host tags that load or run code, or change where the page's code comes from: a holder of the
 * session token must not be able to put them in the page (an `<iframe srcdoc>` would run in the app's
 * origin). SVG's `animate` and `set` can rewrite an `href` to a `javascript:` URL.
 */
export const SCRIPT_SINK_TAGS: ReadonlySet<string> = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'portal',
  'fencedframe',
  'webview',
  'animate',
  'set',
  'handler',
  'listener',
])

/**
 * The HTML tags a Change tag list offers, by what they are for (the script sinks are not among them;
 * `head` and `body` parts, and elements React cannot render in a component, neither).
 */
export const HTML_TAGS: readonly string[] = [
  // sections and grouping
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'main',
  'nav',
  'address',
  'figure',
  'figcaption',
  'blockquote',
  'details',
  'summary',
  'dialog',
  // text
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'span',
  'a',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'small',
  'mark',
  'code',
  'pre',
  'kbd',
  'samp',
  'var',
  'sub',
  'sup',
  'abbr',
  'cite',
  'q',
  'time',
  'data',
  'del',
  'ins',
  'bdi',
  'bdo',
  'dfn',
  'br',
  'wbr',
  'hr',
  // lists and tables
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'menu',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'colgroup',
  'col',
  // forms
  'form',
  'fieldset',
  'legend',
  'label',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'textarea',
  'output',
  'progress',
  'meter',
  'datalist',
  // media
  'img',
  'picture',
  'source',
  'video',
  'audio',
  'track',
  'canvas',
  'svg',
  'map',
  'area',
]

/** JSX attribute names: `name`, `aria-label`, `xlink:href`. */
const ATTRIBUTE_NAME = /^[A-Za-z_$][\w$-]*(?::[A-Za-z_$][\w$-]*)?$/

/**
 * Why a prop cannot be set visually, or null when it can: event handlers (`on*`),
 * `dangerouslySetInnerHTML`, `ref`, prototype keys, the codebase id attribute, `srcdoc`, and anything
 * that is not a JSX attribute name. The mutate server refuses these (422); the editor says so first.
 *
 *   propNameProblem('variant')  -> null
 *   propNameProblem('onClick')  -> 'event handlers are code; write them in your editor'
 */
export function propNameProblem(name: string): string | null {
  if (!ATTRIBUTE_NAME.test(name)) return 'it is not a valid JSX attribute name'
  if (/^on/i.test(name)) return 'event handlers are code; write them in your editor'
  if (name === 'dangerouslySetInnerHTML') return 'raw HTML is code; write it in your editor'
  if (name === 'ref') return 'refs are code; write them in your editor'
  if (name === '__proto__' || name === 'constructor' || name === 'prototype') return 'it is reserved'
  if (name === CODEBASE_ID_ATTRIBUTE) return 'visual-edit manages it'
  if (name.toLowerCase() === 'srcdoc') return 'a frame document is code; write it in your editor'
  return null
}
