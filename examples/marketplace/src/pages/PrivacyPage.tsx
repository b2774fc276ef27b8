import { Link } from 'react-router-dom'
import { LegalPage } from '../components/static/LegalPage.tsx'
import { TextSection } from '../components/static/TextSection.tsx'
import { SITE } from '../data/site.ts'
import { useDocumentTitle } from '../lib/document-title.ts'
import { useSiteSettings } from '../lib/use-site-settings.ts'

/** What the marketplace collects, where it keeps it and what you can do about it. */
export function PrivacyPage() {
  const { supportEmail } = useSiteSettings()
  useDocumentTitle('Privacy Policy')
  return (
    <LegalPage title="Privacy Policy">
      <TextSection title="Information we collect">
        <p>
          When you create an account we collect your name, e-mail address, phone number (if you give one) and
          the role you sign up with. When you sign in with Google we receive your name and e-mail address from
          Google.
        </p>
        <p>
          When you post a listing we keep what you enter: title, price, category, location, description and
          photos. When you write to us through the contact form we receive your name, e-mail address and
          message.
        </p>
      </TextSection>

      <TextSection title="How we use your information">
        <ul className="list-disc space-y-1 pl-6">
          <li>To sign you in and keep your account secure.</li>
          <li>To show your listings to buyers, together with your name as the seller.</li>
          <li>To review listings and act on reports of fraud or misuse.</li>
          <li>To answer your questions and send messages about your account or plan.</li>
        </ul>
        <p>We do not use your information for advertising profiles and we do not sell it.</p>
      </TextSection>

      <TextSection title="Browser storage">
        <p>
          Listings, saved favourites, your plan and payment history, and preferences such as whether you are
          signed in, your display name and your role are kept in your browser's local storage on this device.
          They are not sent to our servers, and they stay until you sign out or clear your browser's site
          data.
        </p>
        <p>
          Only your account and profile records (name, e-mail, phone and role) are held by our hosted sign-in
          service.
        </p>
      </TextSection>

      <TextSection title="Sharing">
        <p>
          The details of a published listing, including the seller's name, are visible to everyone who visits
          the site. Apart from that, we share your information only with the service that runs sign-in on our
          behalf, and with the police or a court when the law requires it.
        </p>
      </TextSection>

      <TextSection title="Your choices">
        <ul className="list-disc space-y-1 pl-6">
          <li>Edit or delete your listings at any time from My Dashboard.</li>
          <li>Update your name and other profile details in Settings.</li>
          <li>Clear the data kept in your browser by clearing this site's data in your browser settings.</li>
          <li>Ask us to delete your account by writing to {supportEmail}.</li>
        </ul>
      </TextSection>

      <TextSection title="Contact">
        <p>
          Questions about this policy? Write to {supportEmail}, call {SITE.phone}, or use our{' '}
          <Link to="/contact" className="font-medium text-blue-700 hover:text-blue-800">
            contact form
          </Link>
          .
        </p>
      </TextSection>
    </LegalPage>
  )
}
