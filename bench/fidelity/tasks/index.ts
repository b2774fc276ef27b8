/**
 * The fixed task set: every project the benchmark edits, with its tasks. The marketplace and the
 * fixtures are written in the repository's style (single quotes, no semicolons, 110 columns; some
 * fixture lines are longer, as their authors left them); the app is written as many React projects
 * are, with double quotes and semicolons at prettier's 100 columns, and some code formatted by hand.
 */
import path from 'node:path'
import type { SourceProject } from '../task.ts'
import { REPO } from '../workspace.ts'
import { APP_TASKS } from './app.ts'
import {
  VITE5_TAILWIND3_TASKS,
  VITE6_DASHBOARD_TASKS,
  VITE6_TAILWIND40_TASKS,
  VITE7_ADMIN_TASKS,
  VITE7_TAILWIND41_TASKS,
  VITE8_PLAIN_CSS_TASKS,
  VITE8_TAILWIND4_TASKS,
} from './fixtures.ts'
import { MARKETPLACE_TASKS } from './marketplace.ts'

const REPOSITORY_STYLE = { semi: false, singleQuote: true, printWidth: 110 }
const fixture = (name: string) => path.join(REPO, 'tests/fixtures/projects', name)

export const PROJECTS: readonly SourceProject[] = [
  {
    name: 'marketplace',
    dir: path.join(REPO, 'examples/marketplace'),
    style: REPOSITORY_STYLE,
    tailwind: true,
    tasks: MARKETPLACE_TASKS,
  },
  {
    name: 'app',
    dir: path.join(REPO, 'bench/fidelity/app'),
    style: { semi: true, singleQuote: false, printWidth: 100 },
    tailwind: true,
    tasks: APP_TASKS,
  },
  {
    name: 'vite5-tailwind3',
    dir: fixture('vite5-tailwind3'),
    style: REPOSITORY_STYLE,
    tailwind: true,
    tasks: VITE5_TAILWIND3_TASKS,
  },
  {
    name: 'vite6-dashboard',
    dir: fixture('vite6-dashboard'),
    style: REPOSITORY_STYLE,
    tailwind: true,
    tasks: VITE6_DASHBOARD_TASKS,
  },
  {
    name: 'vite6-tailwind40-vite',
    dir: fixture('vite6-tailwind40-vite'),
    style: REPOSITORY_STYLE,
    tailwind: true,
    tasks: VITE6_TAILWIND40_TASKS,
  },
  {
    name: 'vite7-tailwind41',
    dir: fixture('vite7-tailwind41'),
    style: REPOSITORY_STYLE,
    tailwind: true,
    tasks: VITE7_TAILWIND41_TASKS,
  },
  {
    name: 'vite7-admin',
    dir: fixture('vite7-admin'),
    style: REPOSITORY_STYLE,
    tailwind: true,
    tasks: VITE7_ADMIN_TASKS,
  },
  {
    name: 'vite8-plain-css',
    dir: fixture('vite8-plain-css'),
    style: REPOSITORY_STYLE,
    tailwind: false,
    tasks: VITE8_PLAIN_CSS_TASKS,
  },
  {
    name: 'vite8-tailwind4',
    dir: fixture('vite8-tailwind4'),
    style: REPOSITORY_STYLE,
    tailwind: true,
    tasks: VITE8_TAILWIND4_TASKS,
  },
]
