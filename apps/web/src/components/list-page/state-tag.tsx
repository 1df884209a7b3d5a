import { ConfigProvider, Tag } from 'antd';
import { useCallback, useContext } from 'react';

/**
 * The class names antd's Tag gives a tag of each colour, as the first such tag drew them, per theme (the
 * theme object of the ConfigProvider above: another theme colour or size is another object and may give
 * other classes). antd's Tag is about a dozen hooks (config, colour, semantic styles, style registration,
 * closable, …) per instance, and a grid draws one per row and state column; its styles stay in the
 * document once made (the app's keeping style cache), so later tags of that colour only need the same
 * classes on a span.
 */
let classesOf = new WeakMap<object, Map<string, string>>();
const NO_THEME = {};

/** Forgets the learned classes (tests). */
export const forgetTagClasses = () => {
  classesOf = new WeakMap();
};

/** A yes/no state's coloured tag in a grid cell: antd's Tag the first time per colour, its classes after. */
export function StateTag({ color, children }: { color?: string; children: string | undefined }) {
  const theme = useContext(ConfigProvider.ConfigContext).theme ?? NO_THEME;
  let learned = classesOf.get(theme);
  if (!learned) {
    learned = new Map();
    classesOf.set(theme, learned);
  }
  const classes = learned;
  const key = color ?? '';
  const known = classes.get(key);
  // Learns the classes from the drawn tag (a ref callback: no extra render, no layout read).
  const learn = useCallback(
    (el: HTMLSpanElement | null) => {
      if (el?.className) classes.set(key, el.className);
    },
    [classes, key],
  );
  if (known) return <span className={known}>{children}</span>;
  return (
    <Tag ref={learn} color={color}>
      {children}
    </Tag>
  );
}
