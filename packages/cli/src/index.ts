export { createProgram, run } from './cli.ts'
export {
  type ApplyOptions,
  type ApplyResult,
  apply,
  type ChangeRequest,
  readChanges,
} from './commands/apply.ts'
export { type EditOptions, type EditSession, edit } from './commands/edit.ts'
export { createMcpServer } from './mcp/server.ts'
