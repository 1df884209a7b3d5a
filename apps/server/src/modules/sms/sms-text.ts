/** What the SMS say. Plain GSM 7-bit text, kept within one 160-character message. */

/** A token as a customer types it: groups of four digits. */
const groups = (token: string) => token.replace(/\s+/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');

export function tokenText(t: {
  token: string;
  meterId: string;
  units: string;
  amount: string;
  receiptId: number;
}): string {
  return `Token ${groups(t.token)} meter ${t.meterId} units ${t.units} paid ${t.amount} receipt ${t.receiptId}`.slice(
    0,
    160,
  );
}

export function lowCreditText(t: { meterId: string; credit: string }): string {
  return `Meter ${t.meterId} is low on credit (${t.credit} left). Buy a token to stay supplied.`.slice(
    0,
    160,
  );
}
