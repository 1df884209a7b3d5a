import type { TFunction } from 'i18next';

/**
 * The event codes the head-end reports (the DLMS standard and disconnector control logs as IDIS numbers
 * them, low credit and silence in the manufacturer range); each has a name in every console language.
 */
export const EVENT_CODES = [1, 40, 42, 44, 47, 231, 232] as const;

const COLOUR: Record<number, string> = { 40: 'red', 42: 'red', 44: 'red', 47: 'orange', 231: 'gold' };

export const eventColour = (code: number) => COLOUR[code] ?? 'default';

/** The event's name in the user's language; a code the console does not know keeps the server's words. */
export function eventName(t: TFunction, code: number, fallback = String(code)): string {
  return (EVENT_CODES as readonly number[]).includes(code) ? t(`ami.events.${code}`) : fallback;
}
