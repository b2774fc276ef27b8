import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './App.tsx'
import { AuthProvider } from './lib/auth/AuthProvider.tsx'
import { listingsSource } from './lib/listings/source.ts'

// The listings store's chunk loads beside React's first render, not after a page asks for listings.
listingsSource().catch((error: unknown) => console.error('The listings store could not be loaded:', error))

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AuthProvider>
      <App />
    </AuthProvider>
  </StrictMode>,
)
