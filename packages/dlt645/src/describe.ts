import { Control, controlName, functionCode, isAbnormal, isReply } from './control.js';
import { diFromBytes, formatDi } from './di.js';
import type { Frame } from './frame.js';
import { findDataItem } from './items.js';
import { errorNames } from './reply.js';

/**
 * One line for logs and frame viewers: "000102030425 read reply 00 90 02 00 (remaining money)",
 * "000102030425 write abnormal reply: unauthorised". Never throws.
 */
export function describeFrame(frame: Frame): string {
  const parts = [frame.address, controlName(frame.control)];
  const fn = functionCode(frame.control);
  if (isAbnormal(frame.control)) {
    const word = frame.data[0] ?? 0;
    return `${parts.join(' ')}: ${errorNames(word).join(', ')}`;
  }
  const carriesDi =
    frame.data.length >= 4 &&
    (fn === Control.READ || fn === Control.READ_FOLLOW || (fn === Control.WRITE && !isReply(frame.control)));
  if (carriesDi) {
    const di = diFromBytes(frame.data);
    const item = findDataItem(di);
    parts.push(item ? `${formatDi(di)} (${item.name})` : formatDi(di));
  }
  return parts.join(' ');
}
