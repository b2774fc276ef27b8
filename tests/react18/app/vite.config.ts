import { tmpdir } from 'node:os'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// A React 18 project as a user has it: `visual-edit edit` adds the plugin. React resolves to
// tests/react18/node_modules (18.3.1), not the repository's React 19.
export default defineConfig({
  plugins: [react()],
  cacheDir: path.join(tmpdir(), 'visual-edit-react18-app-vite'),
})
