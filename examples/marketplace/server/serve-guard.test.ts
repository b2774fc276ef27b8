import { expect, test } from 'vitest'
import { fsDenyPatterns, isDataPath, requestedPath } from './serve-guard.ts'

const DATA_DIR = '/home/ana/.local/state/visual-edit-marketplace/marketplace-0123456789abcdef'

test('requestedPath reads a URL as a file server could: decoded until stable, \\ as /, lower case', () => {
  expect(requestedPath('/%252Edata/backend.json?raw')).toBe('/.data/backend.json')
  expect(requestedPath('http://127.0.0.1:5173/.DATA\\x#y')).toBe('/.data/x')
  expect(requestedPath('/%E0%A4%A')).toBe('/%e0%a4%a')
  expect(requestedPath(undefined)).toBe('/')
})

test('every spelling of the data folder and of the data directory is a data path; the app is not', () => {
  for (const url of [
    '/.data/backend.json',
    '/.data',
    '/.data/',
    '/%2edata/backend.json',
    '/%252edata/backend.json',
    '/.DATA/backend.json',
    '/.data%2fbackend.json',
    '/src/../.data/backend.json',
    '//.data/backend.json',
    '/.data./backend.json',
    '/.data%20/backend.json',
    '/.data/pgdata/PG_VERSION',
    '/@fs/work/app/.data/backend.json',
    `/@fs${DATA_DIR}/backend.json`,
    `/@fs${DATA_DIR.toUpperCase()}/backend.json`,
    `/@fs${DATA_DIR}/../${DATA_DIR.split('/').pop()}/pgdata/x`,
    `/@fs${DATA_DIR}`,
  ]) {
    expect(isDataPath(url, DATA_DIR), url).toBe(true)
  }
  for (const url of [
    '/',
    '/src/main.tsx',
    '/data/x.json',
    '/.database',
    '/auth/v1/settings',
    `/@fs${DATA_DIR}-other/x`,
  ]) {
    expect(isDataPath(url, DATA_DIR), url).toBe(false)
  }
  expect(isDataPath('/.data/x', null)).toBe(true)
})

test('fs.deny gets every .data folder and the data directory, as literal globs', () => {
  expect(fsDenyPatterns(null)).toEqual(['**/.data', '**/.data/**'])
  expect(fsDenyPatterns('/tmp/a (1)/data')).toEqual([
    '**/.data',
    '**/.data/**',
    '/tmp/a \\(1\\)/data',
    '/tmp/a \\(1\\)/data/**',
  ])
})
