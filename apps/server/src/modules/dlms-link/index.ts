export { createDlmsLink, type DlmsLink, type DlmsLinkOptions, type DlmsLinkResult } from './dlms-link.js';
export type { DlmsTaskInput } from './dlms-task.js';
