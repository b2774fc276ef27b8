import { Fragment } from "react";

type Activity =
  | { kind: "signup"; id: number; who: string; at: string }
  | { kind: "upgrade"; id: number; who: string; at: string; plan: string }
  | { kind: "note"; id: number; who: string; at: string; text: string };

const ACTIVITY: Activity[] = [
  { kind: "signup", id: 1, who: "Dana", at: "2026-11-28T09:12:00Z" },
  { kind: "upgrade", id: 2, who: "Globex", at: "2026-11-28T08:40:00Z", plan: "Pro" },
  { kind: "note", id: 3, who: "Sam", at: "2026-11-27T16:05:00Z", text: "Called Initech about renewal" },
  { kind: "signup", id: 4, who: "Lee", at: "2026-11-27T11:30:00Z" },
];

function describe(activity: Activity): string {
  switch (activity.kind) {
    case "signup":
      return "signed up";
    case "upgrade":
      return `moved to ${activity.plan}`;
    case "note":
      return activity.text;
  }
}

export function ActivityFeed() {
  // Grouped by day; the API sends them newest first.
  const days = ["Today", "Yesterday"];
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-gray-500">Recent activity</h2>
      <ol className="relative space-y-4 border-l border-gray-200 pl-4">
        {days.map((day, index) => (
          <Fragment key={day}>
            <li className="text-xs font-medium text-gray-400">{day}</li>
            {ACTIVITY.filter((_, position) => Math.floor(position / 2) === index).map((activity) => (
              <li key={activity.id} className="text-sm">
                <span className="font-medium text-gray-900">{activity.who}</span>{" "}
                <span className="text-gray-600">{describe(activity)}</span>
                <time className="ml-2 text-xs text-gray-400" dateTime={activity.at}>
                  {new Date(activity.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
                </time>
              </li>
            ))}
          </Fragment>
        ))}
      </ol>
      {/* The full log lives under Settings → Audit log. */}
      <a href="/settings/audit" className="mt-4 inline-block text-sm font-medium text-indigo-600 hover:text-indigo-500">
        View all activity
      </a>
    </section>
  );
}
