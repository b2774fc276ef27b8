import type { ReactNode } from 'react'
import { SITE } from '../../data/site.ts'
import { PageHero } from './PageHero.tsx'

interface LegalPageProps {
  title: string
  children: ReactNode
}

/** Frame of the Privacy and Terms pages: title, the last-updated date and the sections. */
export function LegalPage({ title, children }: LegalPageProps) {
  return (
    <>
      <PageHero title={title}>
        <p data-testid="legal-updated">Last updated: {SITE.legalUpdated}</p>
      </PageHero>
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 lg:px-8">{children}</div>
    </>
  )
}
