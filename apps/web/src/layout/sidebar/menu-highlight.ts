import { type RefObject, useLayoutEffect } from 'react';

const ITEM_SELECTED = 'ant-menu-item-selected';
const SUBMENU_SELECTED = 'ant-menu-submenu-selected';

/**
 * The menu's own elements for the page at `path`: its item and the sub-menus it sits in (the link's href
 * is the page's path, menu-items.tsx).
 */
function highlighted(root: HTMLElement, path: string): Set<Element> {
  const marked = new Set<Element>();
  const link = [...root.querySelectorAll('a[href]')].find((a) => a.getAttribute('href') === path);
  const item = link?.closest('li.ant-menu-item');
  if (!item || !root.contains(item)) return marked;
  marked.add(item);
  for (let sub = item.parentElement?.closest('li.ant-menu-submenu'); sub && root.contains(sub); ) {
    marked.add(sub);
    sub = sub.parentElement?.closest('li.ant-menu-submenu');
  }
  return marked;
}

/** Puts antd's selected classes on exactly `marked` (items and sub-menus) below `root`. */
function mark(root: HTMLElement, marked: Set<Element>) {
  for (const el of root.querySelectorAll(`.${ITEM_SELECTED}, .${SUBMENU_SELECTED}`)) {
    if (!marked.has(el)) el.classList.remove(ITEM_SELECTED, SUBMENU_SELECTED);
  }
  for (const el of marked) {
    const cls = el.classList.contains('ant-menu-item') ? ITEM_SELECTED : SUBMENU_SELECTED;
    if (!el.classList.contains(cls)) el.classList.add(cls);
  }
}

/**
 * The open menu's highlight (the page's item and its sub-menus), set on the menu's elements with antd's
 * own classes rather than through the menu's `selectedKeys`: a new selection is a context change inside
 * the menu, which renders every one of its ~48 items again at each click, while only two items change.
 * An item the menu draws again (a hover changes its classes, a sub-menu opened mounts its items) gets its
 * mark back at once: the observer runs before the next frame is painted.
 */
export function useMenuHighlight(ref: RefObject<HTMLElement | null>, path: string, enabled: boolean) {
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || !enabled) return;
    const apply = () => mark(root, highlighted(root, path));
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    return () => {
      observer.disconnect();
      mark(root, new Set());
    };
  }, [ref, path, enabled]);
}
