/**
 * What the app may do in its frames: everything an app does in a tab (scripts, its own origin's
 * storage, forms, dialogs, popups, downloads), but not navigate the editor's page.
 */
export const APP_SANDBOX = [
  'allow-scripts',
  'allow-same-origin',
  'allow-forms',
  'allow-modals',
  'allow-popups',
  'allow-popups-to-escape-sandbox',
  'allow-downloads',
  'allow-pointer-lock',
  'allow-presentation',
].join(' ')

/** Features a cross-origin frame gets only when asked: the ones apps use in a tab (copy and share buttons, full screen). */
export const APP_PERMISSIONS = 'clipboard-read; clipboard-write; fullscreen; web-share'
