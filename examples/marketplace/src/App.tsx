export function App() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-bold text-gray-900">District Marketplace</h1>
      <p className="mt-2 text-gray-600">Buy and sell in your district.</p>
    </main>
  )
}
