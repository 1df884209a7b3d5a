import { z } from 'zod';
import { AuditFields, nullableTexts, ReadRequestBase, Remark, sameFields } from './common.js';

/**
 * The DL/T 645 data-item catalogue: one row per (protocol version, task family,
 * flag). A flag is what a task names: a 2-byte vendor/1997 identifier ("901F", "E421", "C03D") or a
 * 4-byte DL/T 645-2007 identifier ("02010100"). `di` says which 2007 identifier the meter is really
 * asked for; `control` which function (11 read, 14 write, 1C relay, 08 time).
 */
export const Dlt645Type = { reading: 0, setting: 1, control: 2, token: 3 } as const;
export type Dlt645Type = (typeof Dlt645Type)[keyof typeof Dlt645Type];

/** The catalogue as a tree (groups → items) for the task dialogs. */
export const DLT645_TREE_PATH = '/api/dlt645/readDLT645Tree';

export const DLT645_LANGS = ['EN', 'AR', 'ES', 'FR', 'PT', 'ZH'] as const;
export type Dlt645Lang = (typeof DLT645_LANGS)[number];

const Hex = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9A-Fa-f]{${min},${max}}$`), `${what}: ${min}–${max} hex digits`)
    .transform((s) => s.toUpperCase());
const Text = z.string().trim().max(200).nullish();

/** An item's texts in each language, in the order their columns stand: analysis prefix, group (type), name. */
const TEXT_FIELDS = DLT645_LANGS.flatMap((l) => [`analysisPrefix${l}`, `type${l}`, `name${l}`] as const);

/**
 * What every data-item catalogue (this one and DLMS) has in its write line, its row and its read
 * filters: the texts of an item in every language, and the version and family it belongs to.
 */
export const CatalogueTextsWritten = sameFields(TEXT_FIELDS, () => Text);
export const CatalogueTextsRead = nullableTexts(...TEXT_FIELDS);
export const CatalogueReadFilters = { version: z.string().nullish(), type: z.number().int().nullish() };

export const Dlt645Request = z.object({
  version: z.string().trim().min(1, 'Required').max(16),
  type: z.number().int().min(0).max(3),
  control: Hex(2, 2, 'control').nullish(),
  flag: Hex(4, 8, 'flag'),
  /** The DL/T 645-2007 identifier the flag reads or writes (8 hex); defaults to the flag when it has 8. */
  di: Hex(8, 8, 'di').nullish(),
  /** Write password (6 digits) and operator code (8 digits) for password-protected writes and relay. */
  password: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'password: 6 digits')
    .nullish(),
  operator: z
    .string()
    .trim()
    .regex(/^\d{8}$/, 'operator: 8 digits')
    .nullish(),
  /** Fixed payload (relay: N1 command code "1A"/"1B"/"1C"), or the default value of a setting. */
  data: z.string().trim().max(200).nullish(),
  format: z.string().trim().max(64).nullish(),
  analysisFormat: z.string().trim().max(200).nullish(),
  /** Password level PA (00–09); the catalogue default is 02. */
  passwordLevel: z.number().int().min(0).max(9).nullish(),
  ...CatalogueTextsWritten,
  remark: Remark,
});
export type Dlt645Request = z.infer<typeof Dlt645Request>;

export const Dlt645DeleteRequest = z.object({
  version: z.string().trim().min(1).max(16),
  type: z.number().int().min(0).max(3),
  flag: Hex(4, 8, 'flag'),
});
export type Dlt645DeleteRequest = z.infer<typeof Dlt645DeleteRequest>;

export const Dlt645Row = z.object({
  dlt645Id: z.number().int(),
  version: z.string(),
  type: z.number().int(),
  control: z.string().nullable(),
  flag: z.string(),
  // The password is never the stored secret: "******" when one is set, else null.
  ...nullableTexts('di', 'password', 'operator', 'data', 'format', 'analysisFormat'),
  passwordLevel: z.number().int(),
  ...CatalogueTextsRead,
  ...AuditFields,
});
export type Dlt645Row = z.infer<typeof Dlt645Row>;

export const Dlt645ReadRequest = ReadRequestBase.extend({
  ...CatalogueReadFilters,
  flag: z.string().nullish(),
});
export type Dlt645ReadRequest = z.infer<typeof Dlt645ReadRequest>;

export const Dlt645TreeRequest = z.object({
  lang: z.string().trim().min(1, 'The Lang field is required.').max(8),
  version: z.string().trim().min(1).max(16),
  type: z.number().int().min(0).max(3),
});
export type Dlt645TreeRequest = z.infer<typeof Dlt645TreeRequest>;

export interface Dlt645TreeNode {
  id: string;
  label: string;
  children: Dlt645TreeNode[];
}
export const Dlt645TreeNode: z.ZodType<Dlt645TreeNode> = z.lazy(() =>
  z.object({ id: z.string(), label: z.string(), children: z.array(Dlt645TreeNode) }),
);
