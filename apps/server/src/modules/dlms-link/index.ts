export {
  type CapturedMeter,
  createDlmsLink,
  type DlmsLink,
  type DlmsLinkOptions,
  type DlmsLinkResult,
} from './dlms-link.js';
export { type ProfileCapture, ProfileDataError } from './dlms-profile.js';
export type { DlmsTaskInput } from './dlms-task.js';
