import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { visualEdit } from 'vite-plugin-visual-edit'
import { marketplaceBackend } from './server/vite-plugin.ts'

export default defineConfig({
  plugins: [visualEdit(), react(), tailwindcss(), marketplaceBackend()],
})
