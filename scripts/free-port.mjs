// A free TCP port on 127.0.0.1 for a process a test or the test run starts (a server, PostgreSQL, a broker).
import net from 'node:net';

// Below Linux's ephemeral range (32768–60999 by default): the port `listen(0)` would hand out comes from
// that range, so between our check and the process binding it any outgoing connection on the machine (a
// parallel test's client socket to PostgreSQL, say) could take it as its source port — EADDRINUSE by chance.
// Outgoing connections never take a port below the range.
const LOW = 20000;
const HIGH = 32700;

function bindable(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A random port in [20000, 32700) that nothing listens on now. */
export async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${LOW}–${HIGH}`);
}
