import { useEffect, useState } from 'react'
import { DEFAULT_SITE_SETTINGS, readSiteSettings, type SiteSettings } from './admin/site-settings.ts'
import { buildRestApi } from './listings/rest.ts'
import { listingsStoreKind } from './listings/source.ts'

/** The last settings this tab read: a page opened again shows them at once, then what it reads. */
let lastRead: SiteSettings | null = null
/** The read under way, shared by the pages and the footer that mount together. */
let reading: Promise<SiteSettings> | null = null

function readOnce(): Promise<SiteSettings> {
  reading ??= Promise.resolve()
    .then(() => readSiteSettings(buildRestApi()))
    .finally(() => {
      reading = null
    })
  return reading
}

/**
 * The site's settings for a public page: the last ones this tab read (the site's own data before the
 * first answer), then the database's, read again each time a page mounts (one request for all that
 * mount together). A failed read keeps what is shown and is logged, never shown: a visitor's page does
 * not fail for its announcement. The static demo build (listings in the browser) has no backend to
 * ask: the site's own data.
 */
export function useSiteSettings(): SiteSettings {
  const [settings, setSettings] = useState<SiteSettings>(lastRead ?? DEFAULT_SITE_SETTINGS)
  useEffect(() => {
    if (listingsStoreKind(import.meta.env.VITE_LISTINGS_STORE) === 'browser') return
    let current = true
    readOnce().then(
      (read) => {
        lastRead = read
        if (current) setSettings(read)
      },
      (error: unknown) => console.warn('[marketplace] The site settings could not be read:', error),
    )
    return () => {
      current = false
    }
  }, [])
  return settings
}
