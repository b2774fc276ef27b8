import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The editor page is served by `visual-edit edit` under /__visual-edit/ on the app's own dev server
 * (same origin as the app, so no CORS anywhere): built with that base.
 */
export const EDITOR_BASE = '/__visual-edit/'

export default defineConfig({
  base: EDITOR_BASE,
  plugins: [react(), tailwindcss()],
  // The editor's budget is 250 kB of gzip JavaScript, checked by bench/editor.ts; Vite's warning is for minified size.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 800 },
})
