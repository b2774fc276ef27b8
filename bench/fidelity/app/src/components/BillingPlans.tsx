import "./billing.css";

type PlanId = "free" | "pro" | "enterprise";

const PLANS: ReadonlyArray<{ id: PlanId; name: string; price: string; features: string[] }> = [
  { id: "free", name: "Free", price: "$0", features: ["1 project", "Community support"] },
  { id: "pro", name: "Pro", price: "$29", features: ["10 projects", "Email support", "Exports"] },
  {
    id: "enterprise",
    name: "Enterprise",
    price: "Let's talk",
    features: ["Unlimited projects", "SSO", "A named account manager"],
  },
];

/*
 * The plan picker. Prices are display strings: billing itself happens on the server.
 */
export function BillingPlans({ currentPlan }: { currentPlan: PlanId }) {
  return (
    <section className="billing">
      <header className="billing-header">
        <h2 className="billing-title">Plans</h2>
        <p className="billing-subtitle">
          Switch plans at any time;
          we prorate the difference.
        </p>
      </header>
      <div className="plan-grid">
        {PLANS.map(plan =>
          <article key={plan.id} className={plan.id === currentPlan ? "plan-card plan-card--current" : "plan-card"}>
            <h3 className="plan-name">{plan.name}</h3>
            <p className="plan-price">{plan.price}<span className="plan-period">/month</span></p>
            <ul className="plan-features">
              {plan.features.map(feature => <li key={feature}>{feature}</li>)}
            </ul>
            {plan.id === currentPlan
              ? <span className="plan-current">Current plan</span>
              : <button type="button" className="plan-button">Choose {plan.name}</button>}
          </article>
        )}
      </div>
      <p className="billing-note">Prices exclude VAT. <a href="/billing/invoices">See past invoices</a>.</p>
    </section>
  );
}
