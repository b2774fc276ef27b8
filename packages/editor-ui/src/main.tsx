import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Editor } from './app/Editor.tsx'
import './styles.css'

createRoot(document.getElementById('editor') as HTMLElement).render(
  <StrictMode>
    <Editor />
  </StrictMode>,
)
