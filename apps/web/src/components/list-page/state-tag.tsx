import { Tag } from 'antd';
import { useCallback } from 'react';
import { appStore } from '../../app/app-store';
import { settingsStore } from '../../app/settings-store';

/**
 * The class names antd's Tag gives a tag of each colour, as the first such tag drew them. antd's Tag is
 * about a dozen hooks (config, colour, semantic styles, style registration, closable, …) per instance,
 * and a grid draws one per row and state column; its styles stay in the document once made (the app's
 * keeping style cache), so later tags of that colour only need the same classes on a span.
 */
const classesOf = new Map<string, string>();

/** The theme the classes were taken under: another theme colour or size may give other classes. */
const themeKey = () => `${settingsStore.get().theme}|${appStore.get().size}`;
const keyOf = (color: string | undefined) => `${themeKey()}|${color ?? ''}`;

/** Forgets the learned classes (tests). */
export const forgetTagClasses = () => classesOf.clear();

/** A yes/no state's coloured tag in a grid cell: antd's Tag the first time per colour, its classes after. */
export function StateTag({ color, children }: { color?: string; children: string | undefined }) {
  const key = keyOf(color);
  const known = classesOf.get(key);
  // Learns the classes from the drawn tag (a ref callback: no extra render, no layout read).
  const learn = useCallback(
    (el: HTMLSpanElement | null) => {
      if (el?.className) classesOf.set(key, el.className);
    },
    [key],
  );
  if (known) return <span className={known}>{children}</span>;
  return (
    <Tag ref={learn} color={color}>
      {children}
    </Tag>
  );
}
