export { createProgram, run } from './cli.ts'
export { type EditOptions, type EditSession, edit } from './commands/edit.ts'
