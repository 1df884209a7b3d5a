import './locales';

/**
 * The last members every station-owned row sends: its remark, and its station (the chosen one, else the
 * edited row's own, as users who cannot choose keep theirs).
 */
export const remarkAndStation = (
  values: { remark?: string; stationId?: string },
  row: { stationId?: string | null } | undefined,
) => ({
  remark: values.remark || null,
  stationId: values.stationId || row?.stationId || null,
});

/**
 * A station-owned management grid (meters, customers, accounts, debts, gateways) names its titles
 * `management.<resource>.add|edit`, imports and exports as `<resource>` into `<resource>s.xlsx`.
 */
export const managementNames = (resource: string) => ({
  resource,
  titles: `management.${resource}`,
  files: { module: resource, fileName: `${resource}s` },
});
