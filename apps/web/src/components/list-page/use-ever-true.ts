import { useState } from 'react';

/**
 * True from the first render where `value` is true on: what is built only once it is first wanted
 * (a dialog on its first opening, a header popover on its first click) and then kept.
 */
export function useEverTrue(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}
