import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Boot } from './app/Boot.tsx'
import './styles.css'

createRoot(document.getElementById('editor') as HTMLElement).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
)
