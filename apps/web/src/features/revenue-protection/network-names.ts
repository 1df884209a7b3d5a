import './locales';

/** A network grid names its titles `revprot.<resource>.add|edit` and imports/exports as `<resource>`. */
export const networkNames = (resource: 'feeder' | 'transformer') => ({
  resource,
  titles: `revprot.${resource}`,
  files: { module: resource, fileName: `${resource}s` },
});

/** Ids as a utility writes them on the pole or the substation's plate. */
export const NETWORK_ID = /^[0-9A-Za-z_.-]+$/;

/** The last members every station-owned row sends: its remark and its station. */
export const remarkAndStation = (
  values: { remark?: string; stationId?: string },
  row: { stationId?: string | null } | undefined,
) => ({
  remark: values.remark || null,
  stationId: values.stationId || row?.stationId || null,
});
