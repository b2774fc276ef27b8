import { useEffect, useState } from 'react'
import { DEFAULT_SITE_SETTINGS, readSiteSettings, type SiteSettings } from './admin/site-settings.ts'
import { buildRestApi } from './listings/rest.ts'

/** The last settings this tab read: a page opened again shows them at once, then what it reads. */
let lastRead: SiteSettings | null = null

/**
 * The site's settings for a public page: the last ones this tab read (the site's own data before the
 * first answer), then the database's, read again each time a page mounts. A failed read keeps what is
 * shown and is logged, never shown: a visitor's page does not fail for its announcement.
 */
export function useSiteSettings(): SiteSettings {
  const [settings, setSettings] = useState<SiteSettings>(lastRead ?? DEFAULT_SITE_SETTINGS)
  useEffect(() => {
    let current = true
    Promise.resolve()
      .then(() => readSiteSettings(buildRestApi()))
      .then(
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
