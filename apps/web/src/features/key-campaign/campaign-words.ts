import type { CampaignSelectionBody } from './api';

/** Meter numbers pasted or read from a file: one per line, or separated by commas, semicolons or spaces. */
export function parseMeterList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const id = part.trim().replace(/^"|"$/g, '');
    if (id) seen.add(id);
  }
  return [...seen];
}

export interface SelectionForm {
  sgc?: string;
  krn?: number | null;
  ti?: number | null;
  baseYear?: 1993 | 2014 | 2035 | null;
  stationId?: string | null;
  meterList?: string;
}

const given = <T>(v: T | null | undefined | ''): v is T => v !== undefined && v !== null && v !== '';

/** The selection the form describes (only the selectors given), or null when none is. */
export function selectionOf(f: SelectionForm): CampaignSelectionBody | null {
  const meterIds = parseMeterList(f.meterList ?? '');
  const s: CampaignSelectionBody = {
    ...(given(f.sgc) ? { sgc: f.sgc.trim() } : {}),
    ...(given(f.krn) ? { krn: f.krn } : {}),
    ...(given(f.ti) ? { ti: f.ti } : {}),
    ...(given(f.baseYear) ? { baseYear: f.baseYear } : {}),
    ...(given(f.stationId) ? { stationId: f.stationId } : {}),
    ...(meterIds.length > 0 ? { meterIds } : {}),
  };
  return Object.keys(s).length > 0 ? s : null;
}

interface Counts {
  pending: number;
  issued: number;
  delivered: number;
}

/**
 * How often the campaign list reads again: often while meters wait for their tokens, slowly while
 * tokens are out and the meters have yet to confirm, not at all once every campaign has settled.
 */
export function refreshEvery(campaigns: readonly Counts[] | undefined): number | false {
  if (!campaigns) return false;
  if (campaigns.some((c) => c.pending > 0)) return 2000;
  if (campaigns.some((c) => c.issued + c.delivered > 0)) return 15000;
  return false;
}

/** A campaign's bar: the share of its meters issued or beyond, and within it the share accepted. */
export function progressOf(c: { total: number; pending: number; accepted: number }) {
  if (c.total === 0) return { percent: 0, accepted: 0 };
  return {
    percent: Math.floor(((c.total - c.pending) * 100) / c.total),
    accepted: Math.floor((c.accepted * 100) / c.total),
  };
}
