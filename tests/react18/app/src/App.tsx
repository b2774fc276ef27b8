import { memo, type ReactNode, useState, version } from 'react'

function Card({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="card">
      <h2>{title}</h2>
      {children}
    </section>
  )
}

const Row = memo(function Row({ label }: { label: string }) {
  return <li>{label}</li>
})

export function App() {
  const [plans, setPlans] = useState(0)
  // The test changes the state from outside: a click would be the inspector's.
  ;(window as unknown as { morePlans: () => void }).morePlans = () => setPlans((count) => count + 1)
  return (
    <main>
      <Card title={`Plans ${plans}`}>
        <p>Pick one.</p>
      </Card>
      <ul>
        <Row label="Basic" />
        <Row label="Pro" />
      </ul>
      <footer>React {version}</footer>
    </main>
  )
}
