import { afterAll, describe, expect, it } from 'vitest';
import { appWithHeadend, until } from './headend-fixture.js';

let stop: (() => Promise<void>) | undefined;
afterAll(async () => stop?.());

describe('readiness of a head-end process', () => {
  it('is ready while its MQTT broker link is up and not ready once the broker is gone', async () => {
    const { broker, t } = await appWithHeadend();
    stop = async () => {
      await t.close();
    };
    const readyz = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      return { status: res.statusCode, checks: res.json().checks as Record<string, string> };
    };
    const up = await until('the broker link', async () => {
      const r = await readyz();
      return r.status === 200 && r;
    });
    expect(up.checks.headend).toBe('ok');
    await broker.stop();
    const down = await until('readiness to notice the broker is gone', async () => {
      const r = await readyz();
      return r.status === 503 && r;
    });
    expect(down.checks).toMatchObject({ database: 'ok', headend: 'MQTT broker unreachable' });
  });
});
