import * as smpp from 'smpp';

/** What the SMSC took: its id for the message, the number and the text. */
export interface Submitted {
  messageId: string;
  destination: string;
  text: string;
}

/**
 * A utility's SMSC for tests, made with the same `smpp` library the server uses: a real TCP server that
 * checks the bind's credentials, answers submit_sm with a message id and then pushes that message's
 * delivery receipt (deliver_sm with the receipt TLVs and the de facto "id:… stat:DELIVRD" text).
 */
export async function startSmsc(opts: { systemId: string; password: string; port?: number }) {
  const submitted: Submitted[] = [];
  let next = 0;
  const server = smpp.createServer((session) => {
    session.on('error', () => {});
    session.on('bind_transceiver', (pdu: smpp.PDU) => {
      const ok = pdu.system_id === opts.systemId && pdu.password === opts.password;
      session.send(pdu.response(ok ? {} : { command_status: smpp.ESME_RBINDFAIL }));
    });
    session.on('enquire_link', (pdu: smpp.PDU) => session.send(pdu.response()));
    session.on('submit_sm', (pdu: smpp.PDU) => {
      next += 1;
      const messageId = `SMSC${next}`;
      const text = String((pdu.short_message as { message: string }).message);
      submitted.push({ messageId, destination: String(pdu.destination_addr), text });
      session.send(pdu.response({ message_id: messageId }));
      session.deliver_sm({
        source_addr: pdu.destination_addr,
        destination_addr: pdu.source_addr,
        esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
        short_message: `id:${messageId} sub:001 dlvrd:001 submit date:2611220800 done date:2611220800 stat:DELIVRD err:000 text:${text.slice(0, 20)}`,
        receipted_message_id: messageId,
        message_state: smpp.MESSAGE_STATE.DELIVERED,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    submitted,
    /** Stops listening and drops every bound session, as an SMSC that goes down does. */
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of [...server.sessions]) s.destroy();
        server.close(() => resolve());
      }),
  };
}
export type LocalSmsc = Awaited<ReturnType<typeof startSmsc>>;
