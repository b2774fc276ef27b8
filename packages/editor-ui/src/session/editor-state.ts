import type { AgentState } from '../features/agent-bridge.ts'
import type { DesignTokensState } from '../features/design-tokens.ts'
import type { EditsState } from '../features/edits.ts'
import type { FramesState } from '../features/frames.ts'
import type { HistoryState } from '../features/history.ts'
import type { InsertState } from '../features/insert.ts'
import type { LookupsState } from '../features/lookups.ts'
import type { MixedStylesState } from '../features/mixed-styles.ts'
import type { PageState } from '../features/page.ts'
import type { PaletteState } from '../features/palette.ts'
import type { PropsState } from '../features/props.ts'
import type { SelectionMenuState } from '../features/selection.ts'
import type { StyleClassesState } from '../features/style-classes.ts'
import type { StyleScopeState } from '../features/style-scope.ts'
import type { StylesState } from '../features/styles.ts'
import type { ToastsState } from '../features/toaster.ts'
import type { TreeState } from '../features/tree.ts'
import type { ViewState } from '../features/view.ts'

/**
 * What React reads with `useEditorState(select)`: the features' slices in one snapshot. Each key has
 * one owner, the feature whose slice it is (docs/ARCHITECTURE.md, The editor's state).
 */
export interface EditorState
  extends TreeState,
    LookupsState,
    SelectionMenuState,
    PageState,
    ViewState,
    EditsState,
    ToastsState,
    StylesState,
    MixedStylesState,
    StyleScopeState,
    StyleClassesState,
    PaletteState,
    DesignTokensState,
    HistoryState,
    PropsState,
    InsertState,
    FramesState,
    AgentState {}
