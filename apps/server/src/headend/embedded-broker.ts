import net from 'node:net';
import { Aedes } from 'aedes';

export interface EmbeddedBroker {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * An MQTT broker inside the server for when the utility has none configured (MQTT_URL unset): the
 * simulated fleet plays ChirpStack on it. Loopback only — it has no authentication.
 */
export async function startEmbeddedBroker(port: number): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    // Small packets both ways (a downlink, an uplink): Nagle's algorithm would hold one back until the
    // peer's delayed ACK, tens of milliseconds on every exchange.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `mqtt://127.0.0.1:${bound}`,
    port: bound,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}
