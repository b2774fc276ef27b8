import type { CssEvalsPayload } from '../../protocol/messages.ts'

/** The computed values getCssEvals collects: layout, box, flex and grid, font, colour, border, position. */
export const CSS_EVAL_PROPERTIES: readonly string[] = (
  'display position top right bottom left z-index float box-sizing width height min-width min-height ' +
  'max-width max-height margin-top margin-right margin-bottom margin-left padding-top padding-right ' +
  'padding-bottom padding-left overflow-x overflow-y flex-direction flex-wrap flex-grow flex-shrink ' +
  'flex-basis justify-content align-items align-self align-content order row-gap column-gap ' +
  'grid-template-columns grid-template-rows grid-column grid-row font-family font-size font-weight ' +
  'font-style line-height letter-spacing text-align text-decoration-line text-transform white-space color ' +
  'background-color background-image opacity visibility cursor box-shadow transform border-top-width ' +
  'border-right-width border-bottom-width border-left-width border-top-style border-right-style ' +
  'border-bottom-style border-left-style border-top-color border-right-color border-bottom-color ' +
  'border-left-color border-top-left-radius border-top-right-radius border-bottom-right-radius ' +
  'border-bottom-left-radius'
).split(' ')

/**
 * The element's computed values of CSS_EVAL_PROPERTIES, its parent's display and flex-direction (the
 * layout it sits in), and whether an ancestor (html included) has the class `dark`.
 */
export function cssEvals(win: Window, element: Element): CssEvalsPayload {
  const computed = win.getComputedStyle(element)
  const parent = element.parentElement
  const parentStyle = parent && win.getComputedStyle(parent)
  return {
    styles: Object.fromEntries(CSS_EVAL_PROPERTIES.map((name) => [name, computed.getPropertyValue(name)])),
    parent: parentStyle && {
      display: parentStyle.getPropertyValue('display'),
      'flex-direction': parentStyle.getPropertyValue('flex-direction'),
    },
    darkEnabledInParent: parent?.closest('.dark') != null,
  }
}
