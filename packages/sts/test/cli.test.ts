import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** Spawns the real bin (the same file `npx sts` runs through the workspace link). */
const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/sts.mjs', import.meta.url));
const LINKED = fileURLToPath(new URL('../../../node_modules/.bin/sts', import.meta.url));

function sts(args: string[], input?: string) {
  const child = run(process.execPath, [BIN, ...args], { timeout: 30_000 });
  if (input !== undefined) {
    child.child.stdin!.end(input);
  }
  return child;
}

// Each spawn starts Node and tsx (about a second on a busy machine): generous timeouts.
describe('sts CLI', { timeout: 60_000 }, () => {
  it('is linked as a workspace bin (npx sts)', () => {
    expect(existsSync(LINKED)).toBe(true);
  });

  it('batch: one JSON line out per line in, in order; bad lines give {"error"} and the batch goes on', async () => {
    const lines = [
      { op: 'credit', decoderKey: 'E653341F9D5BF36F', subclass: 0, rnd: 5, tid: 5871715, amountUnits: 1 },
      'this is not json',
      { op: 'credit', decoderKey: 'E653341F9D5BF36', subclass: 0, rnd: 5, tid: 5871715, amountUnits: 1 },
      { op: 'amount', units: 1 },
      {
        op: 'keyChange',
        currentDecoderKey: '060B8643C59A27F1',
        newDecoderKey: 'E653341F9D5BF36F',
        newKEN: 255,
        newKRN: 1,
        RO: 0,
        newKT: 2,
        newTI: 1,
      },
      { op: 'decode', decoderKey: 'E653341F9D5BF36F', token: '23716100501183194197' },
    ];
    const input = `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;
    const { stdout } = await sts(['batch'], input);
    const out = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out).toHaveLength(6);
    expect(out[0]).toEqual({ token: '23716100501183194197' });
    expect(out[1]).toMatchObject({ error: expect.any(String) });
    expect(out[2]).toMatchObject({ error: expect.stringMatching(/16 hex digits/), code: 'INVALID_KEY' });
    expect(out[3]).toMatchObject({ amountField: '0001' });
    expect(out[4]).toEqual({ tokens: ['26553210520543055412', '00943705441908264439'] });
    expect(out[5]).toMatchObject({
      class: 0,
      subclass: 0,
      rnd: 5,
      tid: 5871715,
      amountUnits: 1,
      crcOk: true,
    });
  });

  it('human commands print tokens in groups of four; --help works', async () => {
    const [credit, decoded, help, opHelp] = await Promise.all([
      sts(['credit', '--key', 'E653341F9D5BF36F', '--tid', '5871715', '--amount', '0.1', '--rnd', '5']),
      sts(['decode', '2371-6100-5011-8319-4197', '--key', 'E653341F9D5BF36F']),
      sts(['--help']),
      sts(['credit', '--help']),
    ]);
    expect(credit.stdout.trim()).toBe('2371-6100-5011-8319-4197');
    expect(decoded.stdout).toMatch(/amount: 0\.1 kWh/);
    expect(help.stdout).toMatch(/sts batch/);
    expect(opHelp.stdout).toMatch(/amountUnits/);
  });

  it('a bad human command exits non-zero with the message on stderr', async () => {
    await expect(sts(['amount', '1820162.5'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/18201624/),
    });
  });
});
