/**
 * `vite-plugin-visual-edit/protocol`: the contract shared by the plugin's server, the inspector runtime
 * and the editor page. Nothing here touches Node or the DOM, so every side can import it.
 */

export * from './body-schemas.ts'
export * from './change-requests.ts'
export * from './change-schemas.ts'
export * from './change-types.ts'
export * from './class-css.ts'
export * from './design-system.ts'
export * from './drag.ts'
export * from './element-key.ts'
export * from './errors.ts'
export * from './event-schemas.ts'
export * from './ids.ts'
export * from './inspector-config.ts'
export * from './instant-change-types.ts'
export * from './instant-update.ts'
export * from './lookups.ts'
export * from './messages.ts'
export * from './mutate-api.ts'
export * from './mutate-routes.ts'
export * from './nav-tree-node.ts'
export * from './nav-tree-wire.ts'
export { NavTreeWriter } from './nav-tree-writer.ts'
export * from './port.ts'
export * from './styling.ts'
