import { DlmsClient } from '@prepay/dlms';
import { connectWrapper } from '@prepay/dlms/tcp';
import { DlmsMeter, listenDlmsMeter, ManualClock, MeterModel, syntheticFleet } from '@prepay/simulator';
import { expect } from 'vitest';
import { originalOperations } from './conformance/original-document.js';
import { responseErrors } from './conformance/validators.js';

/** A simulated DLMS meter listening on TCP (no authentication), and associations to it. */
export async function simulatedDlmsMeter(seed: number, startMs = Date.UTC(2026, 10, 2, 8)) {
  const spec = syntheticFleet({ count: 1, seed }).meters[0];
  if (!spec) throw new Error('no synthetic meter');
  const clock = new ManualClock(startMs);
  const model = new MeterModel(
    { meterId: spec.meterId, address: spec.address, type: 0, sts: spec.sts, balanceTenths: 5000 },
    clock.now(),
  );
  const meter = new DlmsMeter(model, clock);
  const listener = await listenDlmsMeter(meter, { security: { authentication: 'none' } });
  const clients: DlmsClient[] = [];
  return {
    meter,
    listener,
    /** A new association over a new TCP connection (closed with the fixture). */
    async associated(): Promise<DlmsClient> {
      const channel = await connectWrapper({
        host: '127.0.0.1',
        port: listener.port,
        clientAddress: 1,
        serverAddress: 1,
      });
      const client = new DlmsClient(channel, { timeoutMs: 5000 });
      clients.push(client);
      await client.associate();
      return client;
    },
    async close() {
      for (const c of clients.splice(0)) c.close();
      await listener.close();
    },
  };
}

/** An answer checked against the original document's response schema of its operation. */
export function conformsToOriginal(operationId: string, body: unknown) {
  const op = originalOperations.find((o) => o.operationId === operationId);
  if (!op?.response) throw new Error(`${operationId} is not in the document`);
  expect(responseErrors(op.response, body)).toEqual([]);
}
