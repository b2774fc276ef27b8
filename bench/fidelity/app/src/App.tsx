import { useMemo, useState } from "react";
import { ActivityFeed } from "./components/ActivityFeed";
import { BillingPlans } from "./components/BillingPlans";
import { type Column, DataTable } from "./components/DataTable";
import { EmptyState } from "./components/EmptyState";
import { InviteDialog } from "./components/InviteDialog";
import { SettingsPanel } from "./components/SettingsPanel";
import { type NavItem, Sidebar } from "./components/Sidebar";
import { StatCard } from "./components/StatCard";
import { TopBar } from "./components/TopBar";

/** A customer row as the API returns it. */
interface Customer {
  id: string;
  name: string;
  email: string;
  plan: "free" | "pro" | "enterprise";
  mrr: number; // monthly recurring revenue, in cents
}

const CUSTOMERS: Customer[] = [
  { id: "c_1", name: "Northwind Traders", email: "ops@northwind.test", plan: "enterprise", mrr: 249_00 },
  { id: "c_2", name: "Globex", email: "billing@globex.test", plan: "pro", mrr: 29_00 },
  { id: "c_3", name: "Initech", email: "it@initech.test", plan: "free", mrr: 0 },
];

const NAV: NavItem[] = [
  { id: "overview", label: "Overview" },
  { id: "customers", label: "Customers", badge: 3 },
  { id: "billing", label: "Billing" },
  { id: "settings", label: "Settings" },
];

export function App() {
  const [section, setSection] = useState<NavItem["id"]>("overview");
  const [inviteOpen, setInviteOpen] = useState(false);
  const [query, setQuery] = useState("");

  // Filtering is cheap, but the table re-renders on every keystroke otherwise.
  const visible = useMemo(
    () => CUSTOMERS.filter((customer) => customer.name.toLowerCase().includes(query.toLowerCase())),
    [query]
  );

  const columns: Column<Customer>[] = [
    { key: "name", header: "Customer" },
    { key: "email", header: "Email" },
    { key: "plan", header: "Plan", render: (row) => <span className="capitalize">{row.plan}</span> },
    { key: "mrr", header: "MRR", align: "right", render: (row) => `$${(row.mrr / 100).toFixed(2)}` },
  ];

  return (
    <div className="flex min-h-screen bg-gray-50 text-gray-900 antialiased">
      <Sidebar items={NAV} active={section} onSelect={setSection} />
      <div className="flex flex-1 flex-col">
        <TopBar title="Acme Analytics" onInvite={() => setInviteOpen(true)} />
        <main className="mx-auto w-full max-w-6xl space-y-8 px-6 py-8">
          {/* KPIs: the numbers the team looks at every morning */}
          <section className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Monthly revenue" value="$48,210" trend={12.4} />
            <StatCard label="Active customers" value="1,204" trend={3.1} />
            <StatCard label="Churn" value="1.9%" trend={-0.4} />
            <StatCard label="Open tickets" value="17" />
          </section>

          <section aria-labelledby="customers-heading">
            <div className="mb-4 flex items-center justify-between">
              <h2 id="customers-heading" className="text-lg font-semibold">Customers</h2>
              <input
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Filter by name…"
                className="w-64 rounded-md border border-gray-300 px-3 py-1.5 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
              />
            </div>
            {visible.length > 0 ? (
              <DataTable rows={visible} columns={columns} />
            ) : (
              <EmptyState title="No customers match" hint={`Nothing contains "${query}".`} />
            )}
          </section>

          {section === "billing" && <BillingPlans currentPlan="pro" />}
          {section === "settings" && <SettingsPanel />}

          <ActivityFeed />
        </main>
      </div>
      {inviteOpen && <InviteDialog onClose={() => setInviteOpen(false)} />}
    </div>
  );
}
