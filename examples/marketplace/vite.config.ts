import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { visualEdit } from 'vite-plugin-visual-edit'

export default defineConfig({
  plugins: [visualEdit(), react(), tailwindcss()],
})
