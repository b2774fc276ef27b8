// @vitest-environment happy-dom
/**
 * Conformance with docs/spec/visual-editor.md, section 7 (the calls it makes): the mutate routes and
 * their body fields, the undo and redo routes, the window messages, the callable functions and the
 * outbound events. One test per promise, named after its section.
 *
 * How each promise is checked:
 * - by value: the mutate routes and their body schemas, the editor's ServerApi against a recording
 *   fetch, requestForChange, and the server's operations run headless on a temporary project (the
 *   toasts);
 * - by type: the inbound messages and the callable functions (expectTypeOf; `tsc -p tests/conformance`);
 * - by source: none in this file.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, expectTypeOf, test, vi } from 'vitest'
import { ServerApi } from '../../packages/editor-ui/src/api/server-api.ts'
import { MUTATE_BODY_SCHEMAS } from '../../packages/vite-plugin-visual-edit/src/protocol/body-schemas.ts'
import { requestForChange } from '../../packages/vite-plugin-visual-edit/src/protocol/change-requests.ts'
import { createElementKey } from '../../packages/vite-plugin-visual-edit/src/protocol/element-key.ts'
import { OUTBOUND_EVENT_SCHEMAS } from '../../packages/vite-plugin-visual-edit/src/protocol/event-schemas.ts'
import {
  type ExecuteFunctionPayload,
  GET_STATE_AND_PROPS,
  INIT_MESSAGE,
  type InboundMessage,
  InboundMessageType,
  type InspectElementPayload,
  OutboundEvent,
} from '../../packages/vite-plugin-visual-edit/src/protocol/messages.ts'
import {
  ACTIVITY_OPERATION,
  activityPath,
  MUTATE_OPERATION,
  type MutateOperation,
  mutatePath,
} from '../../packages/vite-plugin-visual-edit/src/protocol/mutate-routes.ts'
import type { CallableFunction } from '../../packages/vite-plugin-visual-edit/src/protocol/port.ts'
import { createHeadlessEditor } from '../../packages/vite-plugin-visual-edit/src/server/edit/headless.ts'
import { fieldsOf } from './support/schemas.ts'

const ID = 'tempo-3f2a8c1e-5b7d-4e9f-8a6b-1c2d3e4f5a6b'
const cleanups: (() => void)[] = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup()
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

/** The body fields of a mutate route and its path on canvas `c1`. */
function route(operation: MutateOperation): { path: string; fields: string[] } {
  return { path: mutatePath('c1', operation), fields: fieldsOf(MUTATE_BODY_SCHEMAS[operation]) }
}

/** A project holding `src/App.tsx`, edited in memory by the server's own operations. */
async function headlessApp() {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'visual-edit-conformance-')))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  mkdirSync(path.join(dir, 'src'))
  writeFileSync(
    path.join(dir, 'src/App.tsx'),
    'export function App() {\n  return (\n    <main>\n      <a href="/">Home</a>\n    </main>\n  )\n}\n',
  )
  const editor = await createHeadlessEditor(dir)
  return { editor, main: editor.elementAt('src/App.tsx', 3), link: editor.elementAt('src/App.tsx', 4) }
}

describe('§7 The calls it makes', () => {
  test('§7 All calls are POST with a JSON body', async () => {
    const requests: { url: string; init: RequestInit }[] = []
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      requests.push({ url, init })
      return new Response(JSON.stringify({ ok: true, files: [] }), { status: 200 })
    })
    cleanups.push(() => vi.unstubAllGlobals())
    const api = new ServerApi('c1', 'token')
    await api.mutate('removeJsxElement', { elementsToRemove: [{ codebaseId: ID }] })
    await api.undo()
    await api.redo()
    expect(requests.map(({ url }) => url)).toEqual([
      '/canvases/c1/parseAndMutate/mutate/removeJsxElement',
      '/canvases/c1/parseAndMutate/activities/undoChangeToFiles',
      '/canvases/c1/parseAndMutate/activities/redoChangeToFiles',
    ])
    for (const { init } of requests) {
      expect(init.method).toBe('POST')
      expect(new Headers(init.headers).get('content-type')).toBe('application/json')
      expect(() => JSON.parse(init.body as string)).not.toThrow()
    }
  })

  test('§7 Codebase ids are mapped to element objects before sending', () => {
    const key = createElementKey(ID, 'app', '0-1')
    const request = requestForChange(
      { type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [ID] } },
      { refOf: () => key, stylingFramework: null },
    )
    expect(request).toEqual({ operation: 'removeJsxElement', body: { elementsToRemove: [key] } })
  })

  test('§7 Paths under canvases/{canvasId}/parseAndMutate/mutate/: the twelve operations', () => {
    expect(Object.values(MUTATE_OPERATION).sort()).toEqual(
      [
        'styling',
        'addJsxElement',
        'moveJsxElement',
        'removeJsxElement',
        'changePropValue',
        'wrapInDiv',
        'duplicate',
        'changeElementTag',
        'addClass',
        'removeClass',
        'editText',
        'updateClasses',
      ].sort(),
    )
    expect(mutatePath('c1', 'editText')).toBe('/canvases/c1/parseAndMutate/mutate/editText')
  })

  test('§7 styling: reactElement, styling, stylingFramework, modifiers, customProperties', () => {
    expect(route('styling').fields.sort()).toEqual(
      ['reactElement', 'styling', 'stylingFramework', 'modifiers', 'customProperties'].sort(),
    )
  })

  test('§7 addJsxElement: destinationElement, beforeElement, afterElement, newElement, canvasId, deletedStoryboardId, fileContentsToSourceFrom, fileContentsSourceFilename, extraFiles, hasInstantUpdate', () => {
    const spec = [
      'destinationElement',
      'beforeElement',
      'afterElement',
      'newElement',
      'canvasId',
      'deletedStoryboardId',
      'fileContentsToSourceFrom',
      'fileContentsSourceFilename',
      'extraFiles',
      'hasInstantUpdate',
    ]
    // propsToSet is the spec's too ("plus propsToSet", the table's note).
    expect(route('addJsxElement').fields.sort()).toEqual([...spec, 'propsToSet'].sort())
  })

  test('§7 addJsxElement: newElement is either native (nativeTag and componentName) or a copied element, plus propsToSet', () => {
    const [newElement] = (
      MUTATE_BODY_SCHEMAS.addJsxElement.pipe[0].entries.newElement as unknown as { pipe: readonly object[] }
    ).pipe
    expect(fieldsOf(newElement as never).sort()).toEqual([
      'codebaseId',
      'componentName',
      'nativeTag',
      'propsToSet',
    ])
  })

  test("§7 addJsxElement: toast 'Successfully added' when there is no instant update", async () => {
    const { editor, main } = await headlessApp()
    const added = (hasInstantUpdate: boolean) =>
      editor.run('addJsxElement', {
        destinationElement: { codebaseId: main },
        newElement: { nativeTag: 'span' },
        hasInstantUpdate,
      })
    expect((await added(false)).toast).toBe('Successfully added')
    expect((await added(true)).toast).toBeUndefined()
  })

  test('§7 moveJsxElement: elementToMove, newContainerElement, afterElement, beforeElement, expectedCurrentParent', () => {
    expect(route('moveJsxElement').fields.sort()).toEqual(
      [
        'elementToMove',
        'newContainerElement',
        'afterElement',
        'beforeElement',
        'expectedCurrentParent',
      ].sort(),
    )
  })

  test('§7 removeJsxElement: elementsToRemove', () => {
    expect(route('removeJsxElement').fields).toEqual(['elementsToRemove'])
  })

  test('§7 changePropValue: elementToModify, propName, propValue (remove and replace, MUTATE-API.md)', () => {
    expect(route('changePropValue').fields).toEqual([
      'elementToModify',
      'propName',
      'propValue',
      'remove',
      'replace',
    ])
  })

  test("§7 changePropValue: toast 'Prop changed'", async () => {
    const { editor, link } = await headlessApp()
    const response = await editor.run('changePropValue', {
      elementToModify: { codebaseId: link },
      propName: 'title',
      propValue: 'Home page',
    })
    expect(response.toast).toBe('Prop changed')
  })

  test('§7 wrapInDiv: reactElements', () => {
    expect(route('wrapInDiv').fields).toEqual(['reactElements'])
  })

  test('§7 duplicate: reactElements', () => {
    expect(route('duplicate').fields).toEqual(['reactElements'])
  })

  test('§7 changeElementTag: elementToModify, newTag', () => {
    expect(route('changeElementTag').fields).toEqual(['elementToModify', 'newTag'])
  })

  test('§7 addClass: reactElement, className, stylingFramework (Tailwind or null), modifiers, customProperties', () => {
    expect(route('addClass').fields).toEqual([
      'reactElement',
      'className',
      'stylingFramework',
      'modifiers',
      'customProperties',
    ])
    const body = (stylingFramework: unknown) => ({
      reactElement: { codebaseId: ID },
      className: 'p-4',
      stylingFramework,
    })
    const schema = MUTATE_BODY_SCHEMAS.addClass['~standard']
    expect(schema.validate(body('Tailwind'))).toHaveProperty('value')
    expect(schema.validate(body(null))).toHaveProperty('value')
    expect(schema.validate(body('CSS'))).toHaveProperty('issues')
  })

  test('§7 removeClass: reactElement, className', () => {
    expect(route('removeClass').fields).toEqual(['reactElement', 'className'])
  })

  test('§7 editText: element, newText, oldText', () => {
    expect(route('editText').fields).toEqual(['element', 'newText', 'oldText'])
  })

  test('§7 updateClasses: reactElement, newClasses, oldClasses (and stylingFramework, MUTATE-API.md)', () => {
    expect(route('updateClasses').fields).toEqual([
      'reactElement',
      'newClasses',
      'oldClasses',
      'stylingFramework',
    ])
  })

  test('§7 Paths under canvases/{canvasId}/parseAndMutate/activities/: undoChangeToFiles and redoChangeToFiles', () => {
    expect(activityPath('c1', ACTIVITY_OPERATION.UNDO)).toBe(
      '/canvases/c1/parseAndMutate/activities/undoChangeToFiles',
    )
    expect(activityPath('c1', ACTIVITY_OPERATION.REDO)).toBe(
      '/canvases/c1/parseAndMutate/activities/redoChangeToFiles',
    )
  })

  test("§7 Window messages: 'init' carries the port", () => {
    expect(INIT_MESSAGE).toBe('init')
  })

  test('§7 type inspectElement has payload componentName, isComponent, tempoElementID, componentElementId', () => {
    expect(InboundMessageType.INSPECT_ELEMENT).toBe('inspectElement')
    expectTypeOf<keyof InspectElementPayload>().toEqualTypeOf<
      'componentName' | 'isComponent' | 'tempoElementID' | 'componentElementId'
    >()
  })

  test('§7 type executeFunction has payload functionName and args or compressedArgs; all carry an id', () => {
    expect(InboundMessageType.EXECUTE_FUNCTION).toBe('executeFunction')
    expectTypeOf<keyof ExecuteFunctionPayload>().toEqualTypeOf<'functionName' | 'args' | 'compressedArgs'>()
    expectTypeOf<InboundMessage>().toHaveProperty('id')
  })

  test('§7 Callable functions: initProject, enableDriveMode, … setIsFlushing', () => {
    type SpecFunctions =
      | 'initProject'
      | 'enableDriveMode'
      | 'disableDriveMode'
      | 'setNewLookups'
      | 'setHoveredElement'
      | 'setSelectedElement'
      | 'setMultiselectedElementKeys'
      | 'processRulesForSelectedElement'
      | 'setModifiersForSelectedElement'
      | 'getCssEvals'
      | 'ruleMatchesElement'
      | 'getElementClassList'
      | 'applyChangeItemToDocument'
      | 'updateCodebaseIds'
      | 'dispatchEvent'
      | 'updateOutlines'
      | 'goBack'
      | 'goForward'
      | 'refresh'
      | 'syntheticMouseOver'
      | 'syntheticMouseMove'
      | 'syntheticMouseUp'
      | 'clearHoveredOutlines'
      | 'setZoomPerc'
      | 'setAiContext'
      | 'tempMoveElement'
      | 'tempAddDiv'
      | 'tempMoveToNewParent'
      | 'checkIfHydrationError'
      | 'triggerDragStart'
      | 'triggerDragCancel'
      | 'setIsFlushing'
    expectTypeOf<Exclude<SpecFunctions, CallableFunction>>().toBeNever()
  })

  test('§7 Outbound to the editor: selected key (with outerHTML), multi-selected keys, hovered key, nav tree (with full page HTML), … context requested', () => {
    expect(Object.values(OutboundEvent)).toEqual([
      'SELECTED_ELEMENT_KEY',
      'MULTI_SELECTED_ELEMENT_KEYS',
      'HOVERED_ELEMENT_KEY',
      'NAV_TREE',
      'INSTANT_UPDATE_DONE',
      'CSS_EVALS',
      'ELEMENT_CLASS_LIST',
      'RULE_MATCH',
      'MOUSE_MOVE',
      'DRAG_START',
      'DRAG_END',
      'DRAG_CANCEL',
      'WHEEL',
      'KEY_DOWN',
      'KEY_UP',
      'CONTEXT_MENU',
      'LATEST_HREF',
      'HYDRATION_STATUS',
      'PROCESSED_CSS_RULES',
      'START_EDITING_TEXT',
      'EDITED_TEXT',
      'EDIT_DYNAMIC_TEXT',
      'CONTEXT_REQUESTED',
    ])
    expect(Object.keys(OUTBOUND_EVENT_SCHEMAS.SELECTED_ELEMENT_KEY.entries)).toContain('outerHTML')
    expect(Object.keys(OUTBOUND_EVENT_SCHEMAS.NAV_TREE.entries)).toContain('html')
  })

  test('§7 A GET_STATE_AND_PROPS window message makes the page log the state and props of a named component', () => {
    expect(GET_STATE_AND_PROPS).toBe('GET_STATE_AND_PROPS')
  })
})
