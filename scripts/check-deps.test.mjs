import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  importsOf,
  pathLiteralsOf,
  scan,
  scanFeatureCalls,
  scanPathLiterals,
  violation,
} from './check-deps.mjs';

describe('the dependency rule', () => {
  it.each([
    ['apps/web/src/features/token-record/a.tsx', 'apps/web/src/features/token-generate/receipt', /feature/],
    ['apps/web/src/features/dashboard/a.tsx', 'apps/web/src/app/route-table', /app\//],
    ['apps/web/src/features/dashboard/a.tsx', 'apps/web/src/layout/layout', /layout\//],
    ['apps/web/src/lib/a.ts', 'apps/web/src/features/auth/login-page', /shared code/],
    ['apps/web/src/components/x/a.ts', 'apps/web/src/app/app-store', /shared code/],
    ['apps/server/src/a.ts', 'apps/web/src/lib/format', /another app/],
    ['apps/web/src/a.ts', 'apps/server/src/app', /another app/],
    ['apps/simulator/src/a.ts', 'apps/server/src/app', /another app/],
    ['apps/server/src/headend/a.ts', 'apps/simulator/', /another app/],
    ['packages/contracts/src/a.ts', 'apps/server/src/app', /package imports an app/],
    ['packages/sts/src/a.ts', 'packages/contracts/', /nothing of ours/],
    ['packages/dlt645/src/a.ts', 'packages/sts/', /nothing of ours/],
    // The server's layers: routes → service → repo, and no HTTP below the routes.
    ['apps/server/src/modules/meter/meter.repo.ts', 'apps/server/src/http/route.js', /imports http/],
    [
      'apps/server/src/modules/meter/meter.repo.ts',
      'apps/server/src/modules/meter/meter.service.js',
      /back up/,
    ],
    [
      'apps/server/src/modules/meter/meter.repo.ts',
      'apps/server/src/modules/meter/meter.routes.js',
      /back up/,
    ],
    ['apps/server/src/modules/meter/meter.service.ts', 'apps/server/src/http/errors.js', /imports http/],
    [
      'apps/server/src/modules/meter/meter.service.ts',
      'apps/server/src/modules/meter/meter.routes.js',
      /back up/,
    ],
    ['apps/server/src/modules/a/a.service.ts', 'apps/server/src/modules/masterdata/module.js', /back up/],
  ])('refuses %s → %s', (from, to, why) => {
    expect(violation(from, to)).toMatch(why);
  });

  it.each([
    ['apps/web/src/features/token-record/a.tsx', 'apps/web/src/features/token-record/b'],
    ['apps/web/src/features/token-record/a.tsx', 'apps/web/src/components/vending/receipt'],
    ['apps/web/src/features/setting/a.tsx', 'apps/web/src/lib/route-context'],
    ['apps/web/src/app/route-table.tsx', 'apps/web/src/features/auth/login-page'],
    ['apps/web/src/layout/layout.tsx', 'apps/web/src/app/route-table'],
    ['apps/server/src/a.ts', 'packages/contracts/'],
    ['apps/web/src/a.ts', 'packages/contracts/permissions'],
    ['apps/simulator/src/a.ts', 'packages/dlt645/'],
    // The server's tests and benches drive the simulated fleet; its src never does.
    ['apps/server/test/headend-fleet.test.ts', 'apps/simulator/'],
    ['apps/server/bench/headend.bench.ts', 'apps/simulator/'],
    ['apps/server/src/modules/meter/meter.routes.ts', 'apps/server/src/modules/meter/meter.service.js'],
    ['apps/server/src/modules/meter/meter.service.ts', 'apps/server/src/modules/meter/meter.repo.js'],
    ['apps/server/src/modules/meter/meter.service.ts', 'apps/server/src/lib/user-context.js'],
    ['apps/server/src/modules/meter/meter.repo.ts', 'apps/server/src/lib/domain-errors.js'],
    ['apps/server/src/http/auth-hook.ts', 'apps/server/src/modules/auth/session.service.js'],
  ])('allows %s → %s', (from, to) => {
    expect(violation(from, to)).toBeNull();
  });

  it('reads static, multi-line, re-export, side-effect and dynamic imports', () => {
    const text = [
      "import { a } from './a';",
      'import {',
      '  b,',
      "} from '../b';",
      "export { c } from './c';",
      "import './d.css';",
      "const E = lazy(() => import('../e'));",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { spec: './a', line: 1 },
      { spec: '../b', line: 4 },
      { spec: './c', line: 5 },
      { spec: './d.css', line: 6 },
      { spec: '../e', line: 7 },
    ]);
  });

  it('finds string and template literals starting with /api/ in any case, not prose in comments', () => {
    const text = [
      "const a = '/api/user/login';",
      'const b = `/API/PrepayReport/DebtSituation`;',
      'const c = "/Api/x";',
      '/** POST /api/user/info answers the user; `/api/<module>/export` too. */',
      ' * `/api/token/<page>/generate`',
      "// '/api/alarm/read'",
      "const d = USER_PATHS.login; const e = '/apiary/x'; const f = /^\\/api\\//i;",
      "const g = 'see /api/x';",
    ].join('\n');
    expect(pathLiteralsOf(text)).toEqual([1, 2, 3]);
  });

  describe('on a repository', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'check-deps-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const file = (rel, text) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    };

    it('names every offending or undeclared import with its file and line, and nothing else', () => {
      file('package.json', JSON.stringify({ devDependencies: { vitest: '*' } }));
      for (const [dir, name, dependencies] of [
        ['apps/server', '@prepay/server', { '@prepay/contracts': '*', '@prepay/web': '*' }],
        ['apps/web', '@prepay/web', { react: '*' }],
        ['packages/contracts', '@prepay/contracts', {}],
        ['packages/dlt645', '@prepay/dlt645', { '@prepay/contracts': '*' }],
      ])
        file(`${dir}/package.json`, JSON.stringify({ name, dependencies }));
      file('apps/web/src/features/a/page.tsx', "import x from '../b/page';\nimport y from '../../lib/y';");
      file('apps/web/src/features/b/page.tsx', "import { z } from 'react';");
      file(
        'apps/server/src/app.ts',
        "import { s } from '@prepay/contracts';\nimport w from '@prepay/web/src/x';",
      );
      file('packages/dlt645/src/frame.ts', "import { s } from '@prepay/contracts';");
      file('packages/contracts/src/index.ts', "import '../../../apps/server/src/app';");
      file('packages/contracts/src/x.ts', "import { z } from 'zod';\nimport { it } from 'vitest';");
      expect(scan(root)).toEqual([
        expect.stringMatching(
          /^apps\/server\/src\/app\.ts:2 '@prepay\/web\/src\/x' — app imports another app/,
        ),
        expect.stringMatching(
          /^apps\/web\/src\/features\/a\/page\.tsx:1 '\.\.\/b\/page' — feature "a" imports feature "b"/,
        ),
        expect.stringMatching(/^packages\/contracts\/src\/index\.ts:1 .* package imports an app/),
        "packages/contracts/src/x.ts:1 'zod' — zod is not declared in packages/contracts/package.json",
        expect.stringMatching(/^packages\/dlt645\/src\/frame\.ts:1 .* must import nothing of ours/),
      ]);
    });

    it("names every API path literal in the apps' sources, tests and e2e apart", () => {
      file(
        'apps/server/src/modules/a/a.routes.ts',
        "import { P } from '@prepay/contracts';\nconst p = '/api/a/read';",
      );
      file('apps/web/src/features/a/page.tsx', 'const x = 1;\nconst p = `/API/A/read`;');
      file('apps/web/src/features/a/page.test.tsx', "const p = '/api/a/read';");
      file('apps/server/test/a.test.ts', "const p = '/api/a/read';");
      file('apps/web/e2e/a.spec.ts', "const p = '/api/a/read';");
      file('packages/contracts/src/api-paths.ts', "export const P = '/api/a/read';");
      expect(scanPathLiterals(root).sort()).toEqual([
        'apps/server/src/modules/a/a.routes.ts:2 — an API path literal: take the path from @prepay/contracts api-paths.ts',
        'apps/web/src/features/a/page.tsx:2 — an API path literal: take the path from @prepay/contracts api-paths.ts',
      ]);
    });
  });

  it('holds for this repository', () => {
    const root = path.resolve(import.meta.dirname, '..');
    expect(scan(root)).toEqual([]);
    expect(scanPathLiterals(root)).toEqual([]);
  });
});

describe("the web's calls", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'check-calls-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const file = (rel, text) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };

  it('names every feature file outside api.ts that imports request or call, tests and types apart', () => {
    file('apps/web/src/features/a/page.tsx', "import { RequestError, request } from '../../lib/request';");
    file('apps/web/src/features/a/dialog.tsx', "import { call } from '../../lib/call';");
    file('apps/web/src/features/a/api.ts', "import { call } from '../../lib/call';");
    file('apps/web/src/features/a/other.tsx', "import { RequestError } from '../../lib/request';");
    file('apps/web/src/features/a/types.ts', "import type { RequestOptions } from '../../lib/request';");
    file('apps/web/src/features/a/page.test.tsx', "import { request } from '../../lib/request';");
    file('apps/web/src/components/x/grid.tsx', "import { call } from '../../lib/call';");
    expect(scanFeatureCalls(root).sort()).toEqual([
      "apps/web/src/features/a/dialog.tsx — calls the API itself: put the call in the feature's api.ts",
      "apps/web/src/features/a/page.tsx — calls the API itself: put the call in the feature's api.ts",
    ]);
  });

  it('holds for this repository', () => {
    expect(scanFeatureCalls(path.resolve(import.meta.dirname, '..'))).toEqual([]);
  });
});
