import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './App.tsx'
import { AuthProvider } from './lib/auth/AuthProvider.tsx'
import { startOpeningQuery } from './lib/listings/opening-queries.ts'

// A listings page's first results are asked for now, beside React's first render, not once it mounted.
startOpeningQuery(window.location.pathname, window.location.search)

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AuthProvider>
      <App />
    </AuthProvider>
  </StrictMode>,
)
