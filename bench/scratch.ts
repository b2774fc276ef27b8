import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { History } from '../packages/vite-plugin-visual-edit/src/server/history.ts'
import { OPERATIONS } from '../packages/vite-plugin-visual-edit/src/server/mutate/index.ts'
import { FileLocks, nodeFileSystem } from '../packages/vite-plugin-visual-edit/src/server/source-file.ts'
import { ElementIndex } from '../packages/vite-plugin-visual-edit/src/transform/element-index.ts'
import { analyzeJsx } from '../packages/vite-plugin-visual-edit/src/transform/tag-jsx.ts'
const code = `import { Card } from './Card'

export function App({ items, open }: { items: string[]; open: boolean }) {
  return (
    <main className="p-4">
      <h1>Title</h1>
      <ul>
        <li key="a">One</li>
        <li key="b">Two</li>
      </ul>
      {open && <Card title="x" />}
      <section>
        {items.map((item) => (
          <p key={item}>{item}</p>
        ))}
      </section>
      <footer />
    </main>
  )
}
`
async function run(op: string, body: (id: (t: string, n?: number) => { codebaseId: string }) => object) {
  const root = mkdtempSync(path.join(tmpdir(), 'st-')); mkdirSync(path.join(root, 'src'))
  const file = path.join(root, 'src', 'App.tsx'); writeFileSync(file, code)
  writeFileSync(path.join(root, 'src', 'Card.tsx'), 'export function Card(p: { title: string }) { return <div>{p.title}</div> }\n')
  const index = new ElementIndex(); const a = analyzeJsx(code, { filename: file, root }); index.setFile(file, a.elements, code)
  const services = { root, index, fs: nodeFileSystem, locks: new FileLocks(), history: new History(100) }
  const id = (t: string, n = 0) => ({ codebaseId: a.elements.filter((e) => e.tagName === t)[n]!.id })
  try {
    const r = await OPERATIONS.get(op)!(body(id), services as never, 'c')
    console.log(`===== ${op}`, JSON.stringify(r).slice(0, 300))
    console.log(readFileSync(file, 'utf8'))
  } catch (e) { console.log(`===== ${op} ERROR`, (e as Error).message) }
}
await run('removeJsxElement', (id) => ({ elementsToRemove: [id('li', 0), id('Card'), id('p')] }))
await run('duplicate', (id) => ({ reactElements: [id('li', 1), id('Card'), id('main')] }))
await run('wrapInDiv', (id) => ({ reactElements: [id('h1'), id('ul')] }))
await run('wrapInDiv', (id) => ({ reactElements: [id('h1'), id('footer')] }))
await run('moveJsxElement', (id) => ({ elementToMove: id('li', 0), newContainerElement: id('ul'), afterElement: id('li', 1) }))
await run('moveJsxElement', (id) => ({ elementToMove: id('h1'), newContainerElement: id('footer') }))
await run('moveJsxElement', (id) => ({ elementToMove: id('p'), newContainerElement: id('footer') }))
await run('moveJsxElement', (id) => ({ elementToMove: id('ul'), newContainerElement: id('li', 0) }))
await run('addJsxElement', (id) => ({ destinationElement: id('ul'), beforeElement: id('li', 0), newElement: { nativeTag: 'li' }, propsToSet: { className: 'new' }, hasInstantUpdate: false }))
await run('addJsxElement', (id) => ({ destinationElement: id('section'), newElement: { componentName: 'Badge' }, fileContentsToSourceFrom: 'export default function Badge() { return <span>b</span> }\n', fileContentsSourceFilename: 'src/components/Badge.tsx' }))
await run('addJsxElement', (id) => ({ destinationElement: id('footer'), newElement: { codebaseId: id('li', 1).codebaseId } }))
