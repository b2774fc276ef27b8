/**
 * Constants of the inspector alone: its timings and how it draws. What the editor and the inspector
 * (or the server) share lives in protocol/; these only the page's side reads. The values are the
 * ones docs/INSPECTOR.md describes.
 */

/** Session storage keys of the inspector start with this, then the instance id. */
export const SESSION_STORAGE_PREFIX = 'visual-edit:'

/** The nav tree is built in slices of this much time per animation frame. */
export const NAV_TREE_SLICE_MS = 10
/** The nav tree is rebuilt this long after the DOM changed. */
export const NAV_TREE_REBUILD_DELAY_MS = 300
/** With a loader-based framework (Next.js), a rebuild runs this long after start if none ran since. */
export const LOADER_REBUILD_DELAY_MS = 1000
/** A render callback slower than this logs a warning. */
export const FRAME_BUDGET_MS = 16
/** Outlines are redrawn at most this often while scrolling. */
export const OUTLINE_SCROLL_THROTTLE_MS = 15
/**
 * The User Timing measure every outlines redraw leaves (DevTools shows it in its Timings track;
 * `npm run bench -- inspector-redraw` reads it). Only the last one stays in the performance timeline,
 * so a long session does not pile them up there.
 */
export const OUTLINES_MEASURE = 'visual-edit outlines'

/**
 * The overlay host's own z-index, the largest there is. The host is a stacking context (its
 * containment makes it one), so the Z_INDEX layers below count only inside it: the host itself must
 * be above every layer of the app's (fixed and sticky bars, modals, widgets at z-index 2147483000).
 * It is appended after the body, so it wins a tie; in the top layer (overlay/top-layer.ts) it is
 * above any z-index.
 */
export const OVERLAY_HOST_Z_INDEX = 2147483647

/** Overlay layering inside the overlay host (z-index), lowest to highest. */
export const Z_INDEX = {
  SECONDARY: 2000000000,
  CHILD: 2000000001,
  PRIMARY: 2000000002,
  MOVE: 2000000003,
  OUTLINE: 2000000004,
  /** The overlay's one control (the edit-dynamic-text button): above every outline and badge. */
  BUTTON: 2000000005,
} as const

export const OUTLINE_COLORS = {
  PRIMARY: '#4597F7',
  SECONDARY: '#4597F7',
  COMPONENT: '#6183e4',
  AI_PRIMARY: '#6858f5',
  AI_COMPONENT: '#5246C2',
} as const

/** Outline thickness in px at 100% zoom; divided by the zoom factor. */
export const OUTLINE_THICKNESS_PX = { PRIMARY: 1, SECONDARY: 0.5, CHILD: 5 } as const

export const DIMENSION_BADGE = { HEIGHT_PX: 38, FONT_PX: 20 } as const

/** The edit-dynamic-text button is a square this big at 100% zoom (divided by the zoom factor). */
export const EDIT_TEXT_BUTTON_PX = 22
