import { type FormEvent, useId, useState } from "react";

type Role = "viewer" | "editor" | "admin";

interface InviteDialogProps {
  onClose: () => void;
  /** Roles the current user may hand out. */
  roles?: readonly Role[];
}

const DEFAULT_ROLES = ["viewer", "editor"] as const satisfies readonly Role[];

export function InviteDialog({ onClose, roles = DEFAULT_ROLES }: InviteDialogProps) {
  const emailId = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>(roles[0] ?? "viewer");
  const [sent, setSent] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    // TODO: call the invitations endpoint once it exists.
    setSent(email);
  }

  return (
    <div role="dialog" aria-modal="true" aria-labelledby={`${emailId}-title`} className="fixed inset-0 z-50 grid place-items-center bg-gray-900/40 p-4">
      <form onSubmit={submit} className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-xl" style={{ boxShadow: "0 20px 40px rgba(15, 23, 42, 0.2)" }}>
        <h2 id={`${emailId}-title`} className="text-lg font-semibold">
          Invite a teammate
        </h2>
        {sent ? (
          <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
            Invitation sent to <strong>{sent}</strong>.
          </p>
        ) : (
          <>
            <label htmlFor={emailId} className="block text-sm font-medium text-gray-700">
              Email address
            </label>
            <input
              id={emailId}
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
            />
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-gray-700">Role</legend>
              {roles.map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm capitalize">
                  <input type="radio" name="role" value={option} checked={role === option} onChange={() => setRole(option)} />
                  {option}
                </label>
              ))}
            </fieldset>
          </>
        )}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" onClick={onClose} className="rounded-md px-3 py-2 text-sm text-gray-600 hover:bg-gray-100">
            Cancel
          </button>
          <button type="submit" disabled={sent !== null} className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white disabled:opacity-50">
            Send invite
          </button>
        </div>
      </form>
    </div>
  );
}
