import { createInterface } from 'node:readline';
import { StsError } from './errors.js';
import { OPS, type OpResult, runBatchLine, runOp } from './ops.js';
import { tidFromDate } from './tid.js';
import { formatToken } from './token.js';

/**
 * `sts` — the token engine from a shell. `sts batch` streams JSON lines (one result line per input
 * line, in order; a bad line gives {"error": …} and the batch goes on). Every op is also a human
 * command: `sts credit --key … --tid … --amount 25.6`. The only I/O of the package lives here.
 */

const HELP = `sts — STS (IEC 62055-41) token engine

Usage:
  sts batch                     JSON lines on stdin → one JSON line per input on stdout
  sts <op> [--field value ...]  run one op; prints the token(s) in groups of four (--json for JSON)
  sts <op> --help               fields of an op

Ops: ${OPS.join(', ')}

Examples:
  sts credit --key E653341F9D5BF36F --tid 5871715 --amount 0.1 --rnd 5
  sts credit --key E653341F9D5BF36F --date "2024-03-01 13:55" --base 2014 --amountUnits 256
  sts decode 2371-6100-5011-8319-4197 --key E653341F9D5BF36F
  sts dkga02 --vendingKey ABABABABABABABAB --meterPAN 600727000000000009 --sgc 123456 --ti 01 --krn 1 --kt 2
  sts meterTest --controlHex 1 --mfrCode 0
  echo '{"op":"amount","units":1}' | sts batch

Aliases: --key = --decoderKey; --date/--at with --base gives --tid; --amount takes a decimal
(kWh, m³, minutes, or currency for subclasses 4–7). Keys are secrets: prefer "sts batch" with the
request on stdin over keys on the command line (shell history).

Not STSA-certified vending: production STS needs licensed STA tables and vending keys held in
a certified HSM.`;

const OP_HELP: Record<string, string> = {
  credit:
    'decoderKey, subclass (0 elec, 1 water, 2 gas, 3 time, 4–7 currency), tid, amountUnits | amount, [rnd], [ken]',
  setMaximumPowerLimit: 'decoderKey, tid, watts, [rnd], [ken]',
  setMaximumPhasePowerUnbalanceLimit: 'decoderKey, tid, watts, [rnd], [ken]',
  clearCredit: 'decoderKey, tid, register (hex, FFFF = all), [rnd], [ken]',
  clearTamper: 'decoderKey, tid, [rnd], [ken]',
  setMaximumOverdraft: 'decoderKey, tid, value, profile (JSON vendor profile; refused without one)',
  keyChange: 'currentDecoderKey, newDecoderKey, newKEN, newKRN, RO, newKT, newTI, [sgc for 128-bit keys]',
  meterTest: 'subclass (0|1), controlHex, mfrCode',
  encodeBlock: 'ea (07|11), decoderKey, class, subclass, body44Hex',
  decode: 'token, decoderKey (not needed for class 1), [base] to show the issue time',
  dkga02: 'vendingKey, meterPAN, sgc, ti, krn, kt',
  dkga04: 'vendingKey160, baseDate, ea, ti, sgc, kt, krn, meterPAN, [L]',
  amount: 'units | amount',
  crc16: 'data50bitHex, [crcC]',
  tid: 'at ("yyyy-MM-dd HH:mm"), base',
  tidDate: 'tid, base',
  pan: 'meterPAN',
  staEncrypt: 'decoderKey, plainBlock64, [tokenClass], [tables=sample]',
  misty1Encrypt: 'key128, plaintext',
  format: 'token',
};

/** Fields whose command-line value is a number (everything else stays a string: keys, "01", "FFFF"). */
const NUMERIC = new Set([
  'subclass',
  'rnd',
  'tid',
  'amountUnits',
  'watts',
  'ken',
  'newKEN',
  'newKRN',
  'RO',
  'newKT',
  'newTI',
  'kt',
  'krn',
  'mfrCode',
  'class',
  'units',
  'L',
  'base',
  'baseYear',
  'value',
  'tokenClass',
]);

function parseArgs(args: string[]): { flags: Record<string, unknown>; positional: string[] } {
  const flags: Record<string, unknown> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === undefined) continue;
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    let name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    let value: unknown = eq > 0 ? a.slice(eq + 1) : undefined;
    if (value === undefined) {
      const next = args[i + 1];
      if (next === undefined || next.startsWith('--')) value = true;
      else {
        value = next;
        i++;
      }
    }
    if (name === 'key') name = 'decoderKey';
    if (typeof value === 'string' && NUMERIC.has(name) && /^-?\d+$/.test(value)) value = Number(value);
    if (name === 'profile' && typeof value === 'string') value = JSON.parse(value);
    flags[name] = value;
  }
  return { flags, positional };
}

function printHuman(result: OpResult, out: (s: string) => void): void {
  if (typeof result.token === 'string') {
    out(formatToken(result.token));
    return;
  }
  if (Array.isArray(result.tokens)) {
    for (const [i, t] of result.tokens.entries()) out(`${i + 1}: ${formatToken(String(t))}`);
    return;
  }
  for (const [k, v] of Object.entries(result))
    out(`${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
}

async function batch(): Promise<number> {
  // A closed reader (`sts batch | head`) ends the batch quietly.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  // Results are written once per input chunk (setImmediate runs after readline has handed over
  // every line of the chunk), so a big batch is not one write per line, and an interactive
  // caller still gets each answer as soon as its line is in.
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    process.stdout.write(chunk);
  };
  for await (const line of rl) {
    pending.push(`${runBatchLine(line)}\n`);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
    if (process.stdout.writableNeedDrain)
      await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
  flush();
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const out = (s: string) => process.stdout.write(`${s}\n`);
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    out(HELP);
    return command ? 0 : 1;
  }
  if (command === 'batch') return batch();
  if (!OPS.includes(command)) {
    process.stderr.write(`sts: unknown command "${command}" (try sts --help)\n`);
    return 2;
  }
  const { flags, positional } = parseArgs(rest);
  if (flags.help) {
    out(`sts ${command}: ${OP_HELP[command] ?? ''}`);
    return 0;
  }
  const json = flags.json === true;
  delete flags.json;
  try {
    if (command === 'decode' || command === 'format') flags.token ??= positional[0];
    if (command === 'amount' && positional[0] !== undefined) flags.amount ??= positional[0];
    const at = flags.date ?? flags.at;
    if (at !== undefined && command !== 'tid') {
      if (flags.base === undefined)
        throw new StsError('INVALID_REQUEST', '--date needs --base (1993, 2014 or 2035)');
      flags.tid = tidFromDate(String(at), Number(flags.base));
      delete flags.date;
      delete flags.at;
    }
    if (command === 'tid') flags.at = at;
    const result = runOp({ ...flags, op: command });
    if (json) out(JSON.stringify(result));
    else printHuman(result, out);
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`sts ${command}: ${message}\n`);
    return e instanceof StsError ? 1 : 3;
  }
}
