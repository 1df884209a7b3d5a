import { Control, decodeFrame, fromHex, RELAY_CODES } from '@prepay/dlt645';
import { type FieldProblem, invalid, refuse } from '../../lib/domain-errors.js';
import type { UserContext } from '../../lib/user-context.js';
import type { TaskSpec } from './remote-task.repo.js';

/** A check of the user's authorization password (auth's, with its lockout counting). */
export type PasswordCheck = (userId: string, password: string) => Promise<void>;

/** What a task line may carry to cut supply: the operator's reason and the authorization password. */
export interface GuardFields {
  remark?: string | null;
  authorizationPassword?: string | null;
}

/** N1 (the relay command) follows PA, the write password and the operator code: 8 bytes into a C=1C frame. */
const RELAY_N1_AT = 8;

/** A catalogue relay command whose N1 is a trip: the meter opens its relay or valve. */
export const itemCutsSupply = (spec: Pick<TaskSpec, 'control' | 'data'> | null | undefined) =>
  spec?.control?.toUpperCase() === '1C' && (spec.data ?? '').trim().toUpperCase() === '1A';

/** An operator's raw frame that is a relay trip (the same command as Switch Off, typed by hand). */
export function frameCutsSupply(hex: string | null | undefined): boolean {
  if (!hex) return false;
  try {
    const frame = decodeFrame(fromHex(hex));
    return frame.control === Control.RELAY && frame.data[RELAY_N1_AT] === RELAY_CODES.trip;
  } catch {
    return false;
  }
}

/** Each cutting line lacks neither reason nor password when the setting demands both. */
function missingFields(lines: { fields: GuardFields; cuts: boolean }[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [i, { fields, cuts }] of lines.entries()) {
    if (!cuts) continue;
    if (!fields.remark?.trim())
      problems.push({ path: `${i}.remark`, message: 'A reason is required to cut supply' });
    if (!fields.authorizationPassword)
      problems.push({
        path: `${i}.authorizationPassword`,
        message: 'The authorization password is required',
      });
  }
  return problems;
}

/**
 * Cutting a customer's supply: where the setting demands it, every cutting line names a reason and
 * carries the authorization password (400 naming the fields otherwise). Any password sent is checked —
 * each distinct one once — before anything is queued, so a wrong one changes nothing.
 */
export async function guardSupplyCuts(
  ctx: UserContext,
  lines: { fields: GuardFields; cuts: boolean }[],
  required: boolean,
  check: PasswordCheck | undefined,
): Promise<void> {
  if (required) {
    const problems = missingFields(lines);
    const first = problems[0];
    if (first) throw invalid(first.message, problems);
  }
  const passwords = new Set(lines.map((l) => l.fields.authorizationPassword).filter((p): p is string => !!p));
  if (passwords.size && !check) throw refuse('The authorization password cannot be checked here');
  for (const password of passwords) await check?.(ctx.user.userId, password);
}
