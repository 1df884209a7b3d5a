// `npm run bench [-- sts|server|simulator|web|vend|vault|channel|failover|revprot|firmware|dlms|campaign|keys]`: every workspace's benchmark (or the named
// ones), one after another. `vend` is the server's vend bench alone (also part of `server`); `failover` (named only)
// is synchronous replication against one PostgreSQL and three failovers under load; `vault` (named only) is
// vends/s with the PKCS#11 vault on SoftHSM2 against the software vault; `channel` (named only) is
// prepaid-utility REST purchases against console vends in the same run; `revprot` (named only) is the
// reports bench with the revenue-protection findings timed beside the reports, on the same data; `firmware` (named
// only) is a 512 KB image sent to 100 simulated DLMS meters by the firmware tasks; `dlms` (named only) is DLMS
// requests through the head-end's transport (connect, association, GETs, release) to simulated meters; `campaign`
// (named only) is a key change campaign through 2,000 simulated GPRS meters, in meters per minute; `keys` (named
// only) is `vault` then `campaign` in one run, the key management's two figures side by side.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const all = { sts: 'packages/sts', server: 'apps/server', simulator: 'apps/simulator', web: 'apps/web' };
/** Names that stand for several benches run one after another. */
const groups = { keys: ['vault', 'campaign'] };
const named = process.argv.slice(2).flatMap((name) => groups[name] ?? [name]);
const wanted = named.length ? named : Object.keys(all);
let failed = 0;
for (const name of wanted) {
  if (['vend', 'vault', 'failover', 'channel', 'firmware', 'dlms', 'campaign'].includes(name)) {
    console.log(`\n=== bench: ${name} (apps/server/bench/${name}.bench.ts) ===`);
    const res = spawnSync('npx', ['tsx', `bench/${name}.bench.ts`], {
      cwd: path.join(root, 'apps/server'),
      stdio: 'inherit',
    });
    if (res.status !== 0) failed++;
    continue;
  }
  if (name === 'revprot') {
    console.log('\n=== bench: revprot (apps/server/bench/reports.bench.ts, BENCH_REVPROT=1) ===');
    const res = spawnSync('npx', ['tsx', 'bench/reports.bench.ts'], {
      cwd: path.join(root, 'apps/server'),
      stdio: 'inherit',
      env: { ...process.env, BENCH_REVPROT: '1' },
    });
    if (res.status !== 0) failed++;
    continue;
  }
  const dir = all[name];
  if (!dir) {
    console.error(`unknown benchmark "${name}": one of ${Object.keys(all).join(', ')}`);
    process.exit(2);
  }
  const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  if (!pkg.scripts?.bench) continue;
  console.log(`\n=== bench: ${dir} ===`);
  const res = spawnSync('npm', ['run', 'bench', '-w', dir], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
