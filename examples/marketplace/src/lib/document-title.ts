import { useEffect } from 'react'
import { SITE } from '../data/site.ts'

/** 'Electronics' -> 'Electronics | Gulbarga Classifieds'. */
function documentTitle(page: string): string {
  return `${page} | ${SITE.name}`
}

/**
 * Gives the browser tab the page's own title while the calling page is shown. When the page goes, the
 * title goes back to the site name, so a page that sets none never keeps the previous page's.
 */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = documentTitle(page)
    return () => {
      document.title = SITE.name
    }
  }, [page])
}
