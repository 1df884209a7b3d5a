/**
 * Credit vends per second with the PKCS#11 vault (a SoftHSM2 token in a temporary folder) against the
 * software vault: the app in process on PGlite, VAULT_CLIENTS (16) sessions vending VAULT_COUNT (2,000)
 * tokens through app.inject after a 500-vend warm-up, the two vaults measured in turns (software, token,
 * software, token) so that the machine's other work weighs on both alike. Prints the yardstick first and
 * every figure as measured and normalised. Asserts nothing.
 *   npm run bench -- vault
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { closingLine, type Yardstick } from '@prepay/sts/yardstick';
import type { Config } from '../src/config.js';
import { openPglite } from '../src/db/client.js';
import { initSoftHsmToken } from '../test/softhsm.js';
import { ADMIN_PASSWORD } from '../test/test-config.js';
import { benchMeterId, benchYardstick, creditVend, vendApp } from './bench-setup.js';

const CLIENTS = Number(process.env.VAULT_CLIENTS ?? 16);
const COUNT = Number(process.env.VAULT_COUNT ?? 2000);
const METERS = 500;
process.env.KEY_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');

type Vend = () => Promise<void>;

/** The vend app on a fresh PGlite with `config`; returns a vend function per logged-in session. */
async function vendingApp(config: Partial<Config>) {
  const database = await openPglite({});
  const { app, post } = await vendApp(database, METERS, undefined, config);
  let next = 0;
  const sessions: Vend[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const login = await post('/api/user/login', { userId: 'admin', password: ADMIN_PASSWORD });
    const token = login.result.token ?? '';
    sessions.push(async () => {
      const r = await post(
        '/api/token/creditToken/generate',
        creditVend(benchMeterId(1 + (next++ % METERS))),
        token,
      );
      if (r.code !== 0) throw new Error(r.reason);
    });
  }
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { sessions, close };
}

/** `count` vends spread over the sessions; the wall-clock rate and this process's CPU per vend. */
async function run(sessions: Vend[], count: number) {
  let left = count;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    sessions.map(async (vend) => {
      while (left > 0) {
        left--;
        await vend();
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { rate: count / ((performance.now() - t0) / 1000), cpuMs: (cpu.user + cpu.system) / 1000 / count };
}

async function measure(name: string, config: Partial<Config>, y: Yardstick) {
  const { sessions, close } = await vendingApp(config);
  try {
    await run(sessions, 500);
    const r = await run(sessions, COUNT);
    console.log(
      `${name.padEnd(8)} ${COUNT} vends, ${CLIENTS} clients: ${y.rateOf(r.rate, 'vends/s')}, CPU per vend ${y.ms(r.cpuMs)} (load ${os.loadavg()[0]?.toFixed(1)})`,
    );
    return r;
  } finally {
    await close();
  }
}

const token = initSoftHsmToken('prepay-bench');
const opening = benchYardstick('vault bench');
try {
  const software = { keyVault: 'software' } as const;
  const pkcs11 = { keyVault: 'pkcs11', pkcs11: token.config } as const;
  const turns: { software: number[]; pkcs11: number[] } = { software: [], pkcs11: [] };
  for (let turn = 0; turn < 2; turn++) {
    turns.software.push((await measure('software', software, opening)).rate);
    turns.pkcs11.push((await measure('pkcs11', pkcs11, opening)).rate);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  console.log(
    `PKCS#11 vault ÷ software vault, vends/s over both turns: ${(sum(turns.pkcs11) / sum(turns.software)).toFixed(2)} (target ≥ 0.5)`,
  );
  console.log(`\n${closingLine(opening)}`);
} finally {
  token.remove();
}
