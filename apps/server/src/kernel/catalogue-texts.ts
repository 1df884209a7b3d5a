import { DLT645_LANGS, type Dlt645Lang, type Dlt645TreeNode, Dlt645Type } from '@prepay/contracts';
import { z } from 'zod';
import type { LangTexts } from '../db/schema.js';
import { auditStamps } from '../lib/dates.js';
import { keep } from './rows.js';

/**
 * What the data-item catalogues (DL/T 645 and DLMS) share: each row has its analysis prefix, group
 * (type) and name in the original's six languages, one wire column per language, and the task
 * dialogs show the rows of a version and family as a tree of groups.
 */
export type TextColumn = 'analysisPrefix' | 'type' | 'name';
export type { LangTexts };

/** A write's texts for one column family, keeping each language an update leaves out. */
export function langTexts(r: object, prefix: TextColumn, old?: LangTexts) {
  return Object.fromEntries(
    DLT645_LANGS.map((l) => [
      l,
      keep((r as Record<string, string | null | undefined>)[`${prefix}${l}`], old?.[l] ?? null) ?? null,
    ]),
  ) as LangTexts;
}

/** The stored texts as the wire's per-language columns: { analysisPrefixEN, …, nameZH }. */
export function wireTexts(i: { analysisPrefix: LangTexts; typeNames: LangTexts; names: LangTexts }) {
  const per = (prefix: TextColumn, t: LangTexts) =>
    Object.fromEntries(DLT645_LANGS.map((l) => [`${prefix}${l}`, t[l] ?? null]));
  return { ...per('analysisPrefix', i.analysisPrefix), ...per('type', i.typeNames), ...per('name', i.names) };
}

/** The stored texts of a write, each language kept from the old row when the request leaves it out. */
export function storedTexts(
  r: object,
  old?: { analysisPrefix: LangTexts; typeNames: LangTexts; names: LangTexts },
) {
  return {
    analysisPrefix: langTexts(r, 'analysisPrefix', old?.analysisPrefix),
    typeNames: langTexts(r, 'type', old?.typeNames),
    names: langTexts(r, 'name', old?.names),
  };
}

type StoredTexts = { analysisPrefix: LangTexts; typeNames: LangTexts; names: LangTexts };
type StoredCommon = StoredTexts & {
  format: string | null;
  analysisFormat: string | null;
  remark: string | null;
};
type WrittenCommon = { format?: string | null; analysisFormat?: string | null; remark?: string | null };

/**
 * What a catalogue write stores beside the catalogue's own columns: display formats, texts and remark,
 * each kept from the old row when the request leaves it out.
 */
export function storedCommon(r: WrittenCommon, old?: StoredCommon) {
  return {
    format: keep(r.format, old?.format ?? null) ?? null,
    analysisFormat: keep(r.analysisFormat, old?.analysisFormat ?? null) ?? null,
    ...storedTexts(r, old),
    remark: keep(r.remark, old?.remark ?? null) ?? null,
  };
}

/** What a catalogue's wire row shows beside its own columns: formats, texts, remark and audit stamps. */
export function wireCommon(i: StoredCommon & Parameters<typeof auditStamps>[0]) {
  return {
    format: i.format,
    analysisFormat: i.analysisFormat,
    ...wireTexts(i),
    remark: i.remark,
    ...auditStamps(i),
  };
}

/** "en", "zh-CN", "ZH" → the catalogue's language column (EN when unknown). */
export function langOf(lang: string | null | undefined): Dlt645Lang {
  const l = (lang ?? 'en').slice(0, 2).toUpperCase();
  return (DLT645_LANGS as readonly string[]).includes(l) ? (l as Dlt645Lang) : 'EN';
}

export const textIn = (t: LangTexts, lang: Dlt645Lang): string | null => t[lang] || t.EN || null;

/** Rows grouped by their type label in one language: [{id, label, children: items}]. */
export function groupTree<R extends { typeNames: LangTexts; names: LangTexts }>(
  rows: readonly R[],
  lang: string,
  idOf: (r: R) => string,
): Dlt645TreeNode[] {
  const l = langOf(lang);
  const groups = new Map<string, Dlt645TreeNode>();
  for (const r of rows) {
    const label = textIn(r.typeNames, l) ?? '-';
    let group = groups.get(label);
    if (!group) {
      group = { id: `group-${groups.size + 1}`, label, children: [] };
      groups.set(label, group);
    }
    group.children.push({ id: idOf(r), label: textIn(r.names, l) ?? idOf(r), children: [] });
  }
  return [...groups.values()];
}

/** A seed file's texts: en, ar, es, fr, pt, zh. */
export const SeedNames = z.tuple([z.string(), z.string(), z.string(), z.string(), z.string(), z.string()]);
export type SeedNames = z.infer<typeof SeedNames>;
export const seedTexts = ([EN, AR, ES, FR, PT, ZH]: SeedNames): LangTexts => ({ EN, AR, ES, FR, PT, ZH });

/**
 * The fields of a seed item in every catalogue: its task family, display formats and texts, its group
 * named by its key in the seed file's `groups`. Each catalogue extends it with its own key columns.
 */
export const CatalogueSeedItem = z.object({
  type: z.literal(Object.values(Dlt645Type)),
  format: z.string().optional(),
  analysisFormat: z.string().optional(),
  group: z.string(),
  name: SeedNames,
  /** Label of the decoded value, with its unit. */
  prefix: SeedNames.optional(),
});

/**
 * A catalogue seed file: `groups` names each group once in every language, `items` name theirs by
 * key. Parsing checks every item against `item` and every group reference, at load.
 */
export function groupedSeeds<T extends { group: string }>(item: z.ZodType<T>, file: string) {
  return z
    .object({ groups: z.record(z.string(), SeedNames), items: z.array(item) })
    .transform(({ groups, items }) =>
      items.map((i) => {
        const group = groups[i.group];
        if (!group) throw new Error(`${file}: an item names an unknown group ${i.group}`);
        return { ...i, group };
      }),
    );
}

/**
 * What a seed item stores beside its catalogue's own columns: its display formats, its texts in every
 * language, and the system as the row's creator.
 */
export const seedColumns = (s: {
  format?: string;
  analysisFormat?: string;
  prefix?: SeedNames;
  group: SeedNames;
  name: SeedNames;
}) => ({
  format: s.format ?? null,
  analysisFormat: s.analysisFormat ?? null,
  analysisPrefix: s.prefix ? seedTexts(s.prefix) : {},
  typeNames: seedTexts(s.group),
  names: seedTexts(s.name),
  createId: 'system',
});
