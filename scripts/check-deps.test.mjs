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
  serverRulesOf,
  sqlViolation,
  violation,
} from './check-deps.mjs';

/** A throw-away tree, removed after the suite, and a writer of a file in it (folders made as needed). */
function scratchTree(prefix) {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const file = (rel, text) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  return { root, file };
}

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
    ['packages/dlms/src/a.ts', 'packages/dlt645/', /nothing of ours/],
    // The byte helpers the leaves share are a leaf themselves.
    ['packages/bytes/src/a.ts', 'packages/sts/', /nothing of ours/],
    ['packages/bytes/src/a.ts', 'packages/contracts/', /nothing of ours/],
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
    // A module's own index.ts is its wiring: nothing inside the module imports it.
    ['apps/server/src/modules/meter/meter.repo.ts', 'apps/server/src/modules/meter/index.js', /back up/],
    // A module is reached from outside only through its index.ts, from any folder.
    [
      'apps/server/src/modules/vending/credit.service.ts',
      'apps/server/src/modules/tariff/tariff.repo.js',
      /module "tariff"'s tariff\.repo: reach another module only through its index\.ts/,
    ],
    [
      'apps/server/src/modules/collection/collection-harvest.ts',
      'apps/server/src/modules/meter-data/meter-data-write.repo.js',
      /only through its index\.ts/,
    ],
    ['apps/server/src/seed/demo.ts', 'apps/server/src/modules/audit/audit.js', /only through its index\.ts/],
    [
      'apps/server/src/app.ts',
      'apps/server/src/modules/vending/vending.routes.js',
      /only through its index\.ts/,
    ],
    // What every module uses imports no module, not even its index.ts.
    [
      'apps/server/src/kernel/rows.ts',
      'apps/server/src/modules/station/index.js',
      /kernel imports module "station"/,
    ],
    [
      'apps/server/src/lib/metrics.ts',
      'apps/server/src/modules/vending/index.js',
      /lib imports module "vending"/,
    ],
    [
      'apps/server/src/http/auth-hook.ts',
      'apps/server/src/modules/auth/session.service.js',
      /http imports module/,
    ],
    [
      'apps/server/src/config.ts',
      'apps/server/src/modules/auth/index.js',
      /config\.ts imports module "auth"/,
    ],
    ['apps/server/src/deps.ts', 'apps/server/src/modules/keystore/key-vault.js', /deps\.ts imports module/],
    ['apps/server/src/lib/password-policy.ts', 'apps/server/src/http/errors.js', /lib\/ imports http\//],
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
    ['packages/sts/src/crc.ts', 'packages/bytes/'],
    ['packages/dlms/src/hex.ts', 'packages/bytes/'],
    // The server's tests and benches drive the simulated fleet; its src never does.
    ['apps/server/test/headend-fleet.test.ts', 'apps/simulator/'],
    ['apps/server/bench/headend.bench.ts', 'apps/simulator/'],
    ['apps/server/src/modules/meter/meter.routes.ts', 'apps/server/src/modules/meter/meter.service.js'],
    ['apps/server/src/modules/meter/meter.service.ts', 'apps/server/src/modules/meter/meter.repo.js'],
    ['apps/server/src/modules/meter/meter.service.ts', 'apps/server/src/lib/user-context.js'],
    ['apps/server/src/modules/meter/meter.repo.ts', 'apps/server/src/lib/domain-errors.js'],
    ['apps/server/src/modules/vending/credit.service.ts', 'apps/server/src/modules/tariff/index.js'],
    ['apps/server/src/modules/vending/vending.repo.ts', 'apps/server/src/modules/tariff/index.js'],
    ['apps/server/src/modules/vending/index.ts', 'apps/server/src/modules/vending/credit.service.js'],
    ['apps/server/src/app.ts', 'apps/server/src/modules/vending/index.js'],
    ['apps/server/src/seed/demo.ts', 'apps/server/src/modules/meter-data/index.js'],
    ['apps/server/src/kernel/rows.ts', 'apps/server/src/lib/domain-errors.js'],
    ['apps/server/src/http/auth-hook.ts', 'apps/server/src/lib/sessions.js'],
    // Tests look inside modules.
    ['apps/server/src/modules/vending/pricing.test.ts', 'apps/server/src/modules/tariff/tariff.repo.js'],
    ['apps/server/test/vending-hsm.test.ts', 'apps/server/src/modules/keystore/key-vault.js'],
  ])('allows %s → %s', (from, to) => {
    expect(violation(from, to)).toBeNull();
  });

  it.each([
    ['apps/server/src/modules/meter/meter.service.ts', 'drizzle-orm', null, /drizzle-orm outside a repo/],
    [
      'apps/server/src/modules/meter/meter.routes.ts',
      'drizzle-orm/pg-core',
      null,
      /drizzle-orm outside a repo/,
    ],
    [
      'apps/server/src/modules/vending/payments-feed.ts',
      '../../db/schema.js',
      'apps/server/src/db/schema.js',
      /the schema outside a repo/,
    ],
    [
      'apps/server/src/modules/collection/collection-harvest.ts',
      '../../db/schema-vending.js',
      'apps/server/src/db/schema-vending.js',
      /the schema outside a repo/,
    ],
    ['apps/server/src/modules/meter/index.ts', 'drizzle-orm', null, /outside a repo/],
    [
      'apps/server/src/headend/meter-directory.ts',
      '../db/schema.js',
      'apps/server/src/db/schema.js',
      /outside a repo/,
    ],
    ['apps/server/src/lib/metrics.ts', 'drizzle-orm', null, /outside a repo/],
  ])('refuses SQL in %s (%s)', (file, spec, target, why) => {
    expect(sqlViolation(file, spec, target)).toMatch(why);
  });

  it.each([
    ['apps/server/src/modules/meter/meter.repo.ts', 'drizzle-orm', null],
    ['apps/server/src/modules/meter/meter.repo.ts', '../../db/schema.js', 'apps/server/src/db/schema.js'],
    ['apps/server/src/headend/headend.repo.ts', 'drizzle-orm', null],
    ['apps/server/src/kernel/rows.ts', 'drizzle-orm/pg-core', null],
    ['apps/server/src/db/client.ts', 'drizzle-orm', null],
    ['apps/server/src/seed/demo.ts', '../db/schema.js', 'apps/server/src/db/schema.js'],
    ['apps/server/src/modules/vending/pricing.test.ts', 'drizzle-orm', null],
    ['apps/server/test/vending-credit.test.ts', 'drizzle-orm', null],
    ['apps/server/src/modules/meter/meter.service.ts', '../../db/client.js', 'apps/server/src/db/client.js'],
    ['apps/web/src/lib/a.ts', 'drizzle-orm', null],
  ])('allows SQL in %s (%s)', (file, spec, target) => {
    expect(sqlViolation(file, spec, target)).toBeNull();
  });

  it('puts every server source file under the module and SQL rules, whatever its name', () => {
    for (const file of [
      'apps/server/src/modules/collection/collection-harvest.ts',
      'apps/server/src/modules/vending/payments-feed.ts',
      'apps/server/src/modules/meter/index.ts',
      'apps/server/src/headend/state-writer.repo.ts',
      'apps/server/src/app.ts',
    ])
      expect(serverRulesOf(file)).toEqual(
        expect.arrayContaining(['module boundary', expect.stringMatching(/^SQL only/)]),
      );
    expect(serverRulesOf('apps/server/src/lib/metrics.ts')).toContain('imports no module');
    expect(serverRulesOf('apps/server/src/modules/meter/meter.service.test.ts')).toEqual([]);
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
    const { root, file } = scratchTree('check-deps-');

    it('names every offending or undeclared import with its file and line, and nothing else', () => {
      file('package.json', JSON.stringify({ devDependencies: { vitest: '*' } }));
      for (const [dir, name, dependencies] of [
        [
          'apps/server',
          '@prepay/server',
          { '@prepay/contracts': '*', '@prepay/web': '*', 'drizzle-orm': '*' },
        ],
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
      file(
        'apps/server/src/modules/a/a.service.ts',
        "import { eq } from 'drizzle-orm';\nimport { r } from '../b/b.repo.js';\nimport { s } from '../b/index.js';",
      );
      file('apps/server/src/modules/a/helper.ts', "import { t } from '../../db/schema.js';");
      file('apps/server/src/modules/a/a.repo.ts', "import { t } from '../../db/schema.js';");
      file('apps/server/src/modules/b/b.repo.ts', 'export const r = 1;');
      file('apps/server/src/modules/b/index.ts', "export { r as s } from './b.repo.js';");
      file('apps/server/src/lib/c.ts', "import { s } from '../modules/b/index.js';");
      expect(scan(root)).toEqual([
        expect.stringMatching(
          /^apps\/server\/src\/app\.ts:2 '@prepay\/web\/src\/x' — app imports another app/,
        ),
        expect.stringMatching(/^apps\/server\/src\/lib\/c\.ts:1 .* lib imports module "b"/),
        expect.stringMatching(
          /^apps\/server\/src\/modules\/a\/a\.service\.ts:1 'drizzle-orm' — drizzle-orm outside a repo/,
        ),
        expect.stringMatching(
          /^apps\/server\/src\/modules\/a\/a\.service\.ts:2 .* only through its index\.ts/,
        ),
        expect.stringMatching(/^apps\/server\/src\/modules\/a\/helper\.ts:1 .* the schema outside a repo/),
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
  const { root, file } = scratchTree('check-calls-');

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
