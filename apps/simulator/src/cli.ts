import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { acceleratedClock } from './clock.js';
import { startControlServer } from './control.js';
import type { FleetEvent } from './core.js';
import { type Fault, parseFault } from './faults.js';
import { type FleetOptions, startFleet } from './fleet.js';
import { type FleetSpec, parseFleetSpec, syntheticFleet } from './spec.js';

/**
 * `npm run simulator -- --fleet fleet.json --mqtt mqtt://localhost:1883 --tcp localhost:9101`
 * One JSON line per notable event on stdout; exits cleanly on SIGINT/SIGTERM.
 */

const USAGE = `Usage: npm run simulator -- (--fleet FILE | --count N) [options]

Fleet
  --fleet FILE              fleet spec JSON exported by the server
  --count N                 N synthetic meters (keys from the demo vending key)
  --transport KIND          synthetic meters: gprs (default), lorawan or mixed
  --gateways N              synthetic gateways (default: one per 500 meters)
  --balance TENTHS          synthetic opening credit in 0.1 kWh (default 1000)
  --seed N                  synthetic numbering seed (default 9)
Links
  --mqtt URL                broker the head-end listens on (LoRaWAN meters, ChirpStack v4 JSON)
  --tcp HOST:PORT           head-end DTU port (GPRS meters dial in)
  --application-id UUID     ChirpStack application id (default: the spec's)
  --region NAME             gateway topic prefix (default eu868)
  --fport N                 LoRaWAN FPort of the DL/T 645 payload (default 2)
  --status-interval S       mean seconds between a meter's status uplinks (default 900)
  --downlink-delay MS       Class C delivery delay (default 200)
  --heartbeat S             DTU heartbeat period (default 60)
Time
  --clock-factor F          run the meters' clock F times faster (default 1)
  --tz-offset MIN           local time of the meters, minutes east of UTC (default 0)
  --tick MS                 the fleet ticker (default 1000)
Faults
  --fault TARGET=KIND[:N]   e.g. 47100000003=slow:3000, E4-38-19-FF-FE-00-00-01=offline (repeatable)
  --faults FILE             JSON [{ "target": "…", "fault": { "kind": "deny" } }, …]
  --control-port P          HTTP control on 127.0.0.1:P, 0 = any free port (GET /stats, GET /meters/:id, POST /faults, DELETE /faults)
`;

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

function fail(message: string): never {
  process.stderr.write(`simulator: ${message}\n\n${USAGE}`);
  process.exit(2);
}

const intArg = (value: string | undefined, name: string, min: number): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) fail(`--${name} must be an integer ≥ ${min}`);
  return n;
};

function readJson(file: string): unknown {
  try {
    // `npm run simulator` runs in apps/simulator: a relative path means the caller's directory (INIT_CWD).
    return JSON.parse(readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8'));
  } catch (e) {
    return fail(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function loadSpec(v: Values): FleetSpec {
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  if (str('fleet')) {
    try {
      return parseFleetSpec(readJson(str('fleet') ?? ''));
    } catch (e) {
      return fail(e instanceof Error ? e.message : String(e));
    }
  }
  const count = intArg(str('count'), 'count', 1);
  if (count === undefined) return fail('give --fleet FILE or --count N');
  const transport = str('transport') ?? 'gprs';
  if (transport !== 'gprs' && transport !== 'lorawan' && transport !== 'mixed')
    fail('--transport is gprs, lorawan or mixed');
  const gateways = intArg(str('gateways'), 'gateways', 1);
  const seed = intArg(str('seed'), 'seed', 0);
  const balance = intArg(str('balance'), 'balance', 0);
  return syntheticFleet({
    count,
    transport,
    ...(gateways !== undefined ? { gateways } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(balance !== undefined ? { balance } : {}),
  });
}

function parseFaults(v: Values): { target: string; fault: Fault }[] {
  const out: { target: string; fault: Fault }[] = [];
  const flags = Array.isArray(v.fault) ? v.fault.filter((f): f is string => typeof f === 'string') : [];
  try {
    for (const f of flags) {
      const at = f.indexOf('=');
      if (at < 1) fail(`--fault ${f}: expected TARGET=KIND[:N]`);
      out.push({ target: f.slice(0, at), fault: parseFault(f.slice(at + 1)) });
    }
    if (typeof v.faults === 'string') {
      const list = readJson(v.faults);
      if (!Array.isArray(list)) fail('--faults file must hold a JSON array');
      for (const item of list) out.push({ target: String(item?.target), fault: parseFault(item?.fault) });
    }
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  return out;
}

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      options: {
        fleet: { type: 'string' },
        count: { type: 'string' },
        transport: { type: 'string' },
        gateways: { type: 'string' },
        balance: { type: 'string' },
        seed: { type: 'string' },
        mqtt: { type: 'string' },
        tcp: { type: 'string' },
        'application-id': { type: 'string' },
        region: { type: 'string' },
        fport: { type: 'string' },
        'status-interval': { type: 'string' },
        'downlink-delay': { type: 'string' },
        heartbeat: { type: 'string' },
        'clock-factor': { type: 'string' },
        'tz-offset': { type: 'string' },
        tick: { type: 'string' },
        fault: { type: 'string', multiple: true },
        faults: { type: 'string' },
        'control-port': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
  const v = parsed.values;
  if (v.help) {
    process.stdout.write(USAGE);
    return;
  }
  const options = buildOptions(v);
  const faults = parseFaults(v);
  const fleet = await startFleet(options);
  for (const { target, fault } of faults) {
    try {
      fleet.fault(target, fault);
    } catch (e) {
      fail(e instanceof Error ? e.message : String(e));
    }
  }
  const controlPort = intArg(
    typeof v['control-port'] === 'string' ? v['control-port'] : undefined,
    'control-port',
    0,
  );
  const control = controlPort === undefined ? undefined : await startControlServer(fleet, controlPort, emit);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    emit({ time: new Date().toISOString(), event: 'stopping', signal });
    await control?.close();
    await fleet.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

function emit(e: FleetEvent): void {
  process.stdout.write(`${JSON.stringify(e)}\n`);
}

function buildOptions(v: Values): FleetOptions {
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const spec = loadSpec(v);
  let tcp: FleetOptions['tcp'];
  const tcpArg = str('tcp');
  if (tcpArg) {
    const m = /^(.+):(\d{1,5})$/.exec(tcpArg);
    const port = Number(m?.[2]);
    if (!m || port < 1 || port > 65_535) fail('--tcp is HOST:PORT, the port 1–65535');
    tcp = { host: m[1] ?? 'localhost', port };
  }
  const factor = str('clock-factor') === undefined ? 1 : Number(str('clock-factor'));
  if (!(factor > 0)) fail('--clock-factor must be a positive number');
  const num = (k: string, min: number) => intArg(str(k), k, min);
  const options: FleetOptions = { spec, onEvent: emit, ...(tcp ? { tcp } : {}) };
  const set = <K extends keyof FleetOptions>(key: K, value: FleetOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  const mqttUrl = str('mqtt');
  if (mqttUrl !== undefined && !/^(mqtts?|wss?):\/\/[^/]+/.test(mqttUrl)) {
    fail('--mqtt is a broker URL: mqtt://host:port (or mqtts://, ws://, wss://)');
  }
  set('mqttUrl', mqttUrl);
  set('applicationId', str('application-id'));
  set('region', str('region'));
  set('fPort', num('fport', 1));
  set('statusIntervalMs', mul(num('status-interval', 1), 1000));
  set('downlinkDelayMs', num('downlink-delay', 0));
  set('heartbeatSeconds', num('heartbeat', 1));
  set('tzOffsetMinutes', intArg(str('tz-offset'), 'tz-offset', -720));
  set('tickMs', num('tick', 10));
  if (factor !== 1) options.clock = acceleratedClock(factor);
  if (!options.mqttUrl && !options.tcp)
    fail('give --mqtt URL and/or --tcp HOST:PORT: without them no meter is reachable');
  return options;
}

const mul = (n: number | undefined, k: number) => (n === undefined ? undefined : n * k);

main().catch((e) => {
  process.stderr.write(`simulator: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
