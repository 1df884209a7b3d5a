import { z } from 'zod';

/**
 * A C2B validation or confirmation as M-Pesa (Daraja) posts it: the same fields for both. Amounts come
 * whole ("100" or "100.00"); MSISDN may be masked (25470****149); names may be empty.
 */
export const C2bCallback = z.object({
  TransactionType: z.string().max(40).optional(),
  TransID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6,20}$/, 'TransID must be 6 to 20 letters or digits'),
  TransTime: z.string().max(20).optional(),
  TransAmount: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  BusinessShortCode: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  BillRefNumber: z.string().trim().max(20).default(''),
  InvoiceNumber: z.string().max(40).optional(),
  OrgAccountBalance: z.union([z.string(), z.number()]).optional(),
  ThirdPartyTransID: z.string().max(40).optional(),
  MSISDN: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
  FirstName: z.string().max(60).optional(),
  MiddleName: z.string().max(60).optional(),
  LastName: z.string().max(60).optional(),
});
export type C2bCallback = z.infer<typeof C2bCallback>;

/** The C2B validation refusals (Daraja's codes) and acceptance. */
export const C2B = {
  accepted: { ResultCode: '0', ResultDesc: 'Accepted' },
  invalidMsisdn: { ResultCode: 'C2B00011', ResultDesc: 'Rejected' },
  invalidAccount: { ResultCode: 'C2B00012', ResultDesc: 'Rejected' },
  invalidAmount: { ResultCode: 'C2B00013', ResultDesc: 'Rejected' },
  invalidShortcode: { ResultCode: 'C2B00015', ResultDesc: 'Rejected' },
  other: { ResultCode: 'C2B00016', ResultDesc: 'Rejected' },
} as const;
export type C2bAnswer = (typeof C2B)[keyof typeof C2B];

/** The confirmation's acknowledgement, as Daraja expects it (a number here, unlike validation's string). */
export const CONFIRMED = { ResultCode: 0, ResultDesc: 'Success' } as const;
