/**
 * The localStorage id under which react-resizable-panels keeps the side panels' sizes: one per
 * project (ProjectResponse.project.id, a hash of its root), so two projects opened on the same port,
 * or one project on another port, each get their own layout back.
 *
 *   panelsStorageId('3f1c0a9b2d4e5f60') -> 'visual-edit:panels:3f1c0a9b2d4e5f60'
 */
export const panelsStorageId = (projectId: string): string => `visual-edit:panels:${projectId}`
