import { z } from 'zod';
import { AuditFields, nullableTexts, ReadRequestBase, Remark } from './common.js';
import {
  CatalogueReadFilters,
  CatalogueTextsRead,
  CatalogueTextsWritten,
  Dlt645TreeRequest,
} from './dlt645.js';

/**
 * The DLMS/COSEM data-item catalogue: one row per (protocol version, task family, OBIS code). A meter
 * speaks DLMS when its protocol version names a version of this catalogue. `classId` and
 * `attributeMethod` say which interface class and attribute (or method, "m1") a task reaches;
 * `entry` holds enumerated values ("0:Disconnected,1:Connected") or a token mask.
 * The task families are the DL/T 645 catalogue's (0 reading, 1 setting, 2 control, 3 token).
 */
export const DLMS_PATHS = {
  read: '/api/dlms/Read',
  create: '/api/dlms/Create',
  import: '/api/dlms/Import',
  update: '/api/dlms/Update',
  delete: '/api/dlms/Delete',
} as const;
export const DLMS_TREE_PATH = '/api/dlms/ReadDLMSTree';

/** The catalogue version the original's DLMS meters use. */
export const DLMS_VERSION = '1.1';

/** "1.0.1.8.0.255" or "1-0:1.8.0*255": six value groups, each 0–255; kept in the dotted form. */
export const Obis = z
  .string()
  .trim()
  .regex(/^\d{1,3}([.\-:*]\d{1,3}){5}$/, 'obis: six numbers such as 1.0.1.8.0.255')
  .transform((s) => s.split(/[.\-:*]/).map(Number))
  .refine((g) => g.every((n) => n <= 255), 'obis: each group is 0–255')
  .transform((g) => g.join('.'));

const Key = {
  version: z.string().trim().min(1, 'Required').max(16),
  type: z.number().int().min(0).max(3),
  obis: Obis,
};

export const DlmsRequest = z.object({
  ...Key,
  /** COSEM interface class (1 Data, 3 Register, 8 Clock, 70 Disconnect control, 115 Token gateway …). */
  classId: z.number().int().min(1).max(65535),
  /** The attribute read or written ("2"), or the method invoked ("m1"); attribute 2 when left out. */
  attributeMethod: z
    .string()
    .trim()
    .regex(/^m?\d{1,3}$/, 'attributeMethod: an attribute number, or m and a method number')
    .nullish(),
  entry: z.string().trim().max(500).nullish(),
  format: z.string().trim().max(64).nullish(),
  analysisFormat: z.string().trim().max(200).nullish(),
  ...CatalogueTextsWritten,
  remark: Remark,
});
export type DlmsRequest = z.infer<typeof DlmsRequest>;

export const DlmsDeleteRequest = z.object(Key);
export type DlmsDeleteRequest = z.infer<typeof DlmsDeleteRequest>;

export const DlmsRow = z.object({
  dlmsId: z.number().int(),
  version: z.string(),
  type: z.number().int(),
  classId: z.number().int(),
  obis: z.string(),
  ...nullableTexts('attributeMethod', 'entry', 'format', 'analysisFormat'),
  ...CatalogueTextsRead,
  ...AuditFields,
});
export type DlmsRow = z.infer<typeof DlmsRow>;

export const DlmsReadRequest = ReadRequestBase.extend({
  ...CatalogueReadFilters,
  obis: z.string().nullish(),
});
export type DlmsReadRequest = z.infer<typeof DlmsReadRequest>;

/** The pickers' tree of a version and family, asked as of the DL/T 645 catalogue. */
export const DlmsTreeRequest = Dlt645TreeRequest;
export type DlmsTreeRequest = z.infer<typeof DlmsTreeRequest>;
