import { Link } from 'react-router-dom'

/** The home page's invitation to register and start selling. */
export function RegisterCallToAction() {
  return (
    <section aria-labelledby="register-cta-heading" className="bg-blue-600 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-16 text-center lg:px-8">
        <h2 id="register-cta-heading" className="text-3xl font-bold">
          Ready to sell something?
        </h2>
        <p className="max-w-2xl text-lg text-blue-50">
          Create a free account, post your first listing at no cost and reach buyers across Gulbarga district.
        </p>
        <Link
          to="/auth?tab=register"
          className="rounded-md bg-white px-6 py-3 font-semibold text-blue-700 shadow hover:bg-blue-50"
        >
          Register Now
        </Link>
      </div>
    </section>
  )
}
