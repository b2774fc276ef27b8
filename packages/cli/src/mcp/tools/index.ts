import { applyChanges, history, redo, undo } from './changes.ts'
import { describeElement, findElements } from './elements.ts'
import { getDesignTokens, getSelection } from './project.ts'
import type { AnyMcpTool } from './tool.ts'

/** Every tool of `visual-edit mcp`, in the order an agent meets them. */
export const TOOLS: readonly AnyMcpTool[] = [
  getSelection,
  findElements,
  describeElement,
  applyChanges,
  undo,
  redo,
  history,
  getDesignTokens,
]

export type { AnyMcpTool, ToolContext } from './tool.ts'
