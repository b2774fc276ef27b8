import { MessageCircle, Phone } from 'lucide-react'
import { type MouseEvent, useRef, useState } from 'react'
import type { Listing } from '../../data/listing.ts'
import { useDisplayedSession } from '../../lib/auth/displayed-session.ts'
import { AuthPromptDialog } from '../auth/AuthPromptDialog.tsx'
import { ReportListingDialog } from './ReportListingDialog.tsx'
import { SaveListingButton } from './SaveListingButton.tsx'
import { ShareListingButton } from './ShareListingButton.tsx'

interface ListingActionsProps {
  listing: Listing
}

/** Contact Seller and Chat with Seller (login first), then Save, Share and Report. */
export function ListingActions({ listing }: ListingActionsProps) {
  // Logged in as the header shows it: the signed-in user, else the stored flags.
  const { isLoggedIn } = useDisplayedSession()
  const [authOpen, setAuthOpen] = useState(false)
  const openerRef = useRef<HTMLButtonElement | null>(null)

  const contact = (event: MouseEvent<HTMLButtonElement>) => {
    if (isLoggedIn) {
      window.alert('Contact feature would open here')
      return
    }
    openerRef.current = event.currentTarget
    setAuthOpen(true)
  }

  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={contact}
        className="flex w-full items-center justify-center gap-2 rounded-md bg-blue-600 px-4 py-2.5 font-medium text-white hover:bg-blue-700"
      >
        <Phone className="h-4 w-4" aria-hidden="true" />
        Contact Seller
      </button>
      <button
        type="button"
        onClick={contact}
        className="flex w-full items-center justify-center gap-2 rounded-md border border-blue-600 px-4 py-2.5 font-medium text-blue-700 hover:bg-blue-50"
      >
        <MessageCircle className="h-4 w-4" aria-hidden="true" />
        Chat with Seller
      </button>
      <div className="flex flex-wrap gap-2">
        <SaveListingButton listingId={listing.id} />
        <ShareListingButton title={listing.title} />
        <ReportListingDialog listingId={listing.id} />
      </div>
      <AuthPromptDialog open={authOpen} onOpenChange={setAuthOpen} returnFocusRef={openerRef} />
    </div>
  )
}
