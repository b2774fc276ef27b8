import { Clock, Mail, MapPin, Phone, Send } from 'lucide-react'
import type { FormEvent } from 'react'
import { ContactInfoCard } from '../components/static/ContactInfoCard.tsx'
import { PageHero } from '../components/static/PageHero.tsx'
import { SITE } from '../data/site.ts'
import { useDocumentTitle } from '../lib/document-title.ts'
import { useSiteSettings } from '../lib/use-site-settings.ts'

/**
 * The contact form (required fields are left to the browser) and the office's address, phone, e-mail
 * and hours. The e-mail is the support address of the site's settings (the site's own until they are read).
 */
export function ContactPage() {
  useDocumentTitle('Contact Us')
  const { supportEmail } = useSiteSettings()
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    window.alert("Thank you for your message. We'll get back to you soon!")
    event.currentTarget.reset()
  }

  return (
    <>
      <PageHero title="Contact Us">
        <p>
          Questions about a listing, your account or a plan? Send us a message and we will reply within one
          working day.
        </p>
      </PageHero>

      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-8 px-4 py-10 lg:grid-cols-3 lg:px-8">
        <form
          aria-label="Contact form"
          onSubmit={onSubmit}
          className="space-y-5 rounded-lg border border-gray-200 bg-white p-6 shadow-sm lg:col-span-2"
        >
          <h2 className="text-xl font-semibold text-gray-900">Send us a message</h2>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor="contact-name" className="block text-sm font-medium text-gray-700">
                Name
              </label>
              <input
                id="contact-name"
                name="name"
                type="text"
                required
                autoComplete="name"
                className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
              />
            </div>
            <div>
              <label htmlFor="contact-email" className="block text-sm font-medium text-gray-700">
                Email
              </label>
              <input
                id="contact-email"
                name="email"
                type="email"
                required
                autoComplete="email"
                className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
              />
            </div>
          </div>
          <div>
            <label htmlFor="contact-subject" className="block text-sm font-medium text-gray-700">
              Subject
            </label>
            <input
              id="contact-subject"
              name="subject"
              type="text"
              required
              className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
            />
          </div>
          <div>
            <label htmlFor="contact-message" className="block text-sm font-medium text-gray-700">
              Message
            </label>
            <textarea
              id="contact-message"
              name="message"
              rows={5}
              required
              className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
            />
          </div>
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-md bg-blue-600 px-5 py-2.5 font-medium text-white hover:bg-blue-700"
          >
            <Send className="h-4 w-4" aria-hidden="true" />
            Send Message
          </button>
        </form>

        <div className="space-y-4">
          <ContactInfoCard icon={MapPin} title="Address">
            <address className="not-italic">{SITE.address}</address>
          </ContactInfoCard>
          <ContactInfoCard icon={Phone} title="Phone">
            <a href={`tel:${SITE.phone.replaceAll(' ', '')}`} className="hover:text-blue-700">
              {SITE.phone}
            </a>
          </ContactInfoCard>
          <ContactInfoCard icon={Mail} title="Email">
            <a href={`mailto:${supportEmail}`} className="break-all hover:text-blue-700">
              {supportEmail}
            </a>
          </ContactInfoCard>
          <ContactInfoCard icon={Clock} title="Business Hours">
            <dl data-testid="business-hours" className="space-y-1">
              {SITE.businessHours.map((entry) => (
                <div key={entry.days} className="flex justify-between gap-4">
                  <dt>{entry.days}</dt>
                  <dd className="font-medium text-gray-900">{entry.hours}</dd>
                </div>
              ))}
            </dl>
          </ContactInfoCard>
        </div>
      </div>
    </>
  )
}
