import type { MenuProps } from 'antd';
import { Tooltip } from 'antd';
import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';
import { preparePage } from '../../app/prepare-page';
import { type AppRoute, visibleChildren } from '../../lib/routes';
import { menuIcon } from './menu-icons';

type Item = NonNullable<MenuProps['items']>[number];

/** S7: child items show their title in a tooltip after 2 s of hover. */
export const TOOLTIP_DELAY_SECONDS = 2;

function link(route: AppRoute, label: string, navigate: NavigateFunction) {
  if (route.external) {
    // S5: external links leave the console in a new tab.
    return (
      <a href={route.path} target="_blank" rel="noopener noreferrer" title={label}>
        {label}
      </a>
    );
  }
  return <MenuLink to={route.path} label={label} navigate={navigate} />;
}

/** A plain left click, the one a link in the page handles itself (others open a tab, a window, …). */
const plainClick = (e: MouseEvent) =>
  e.button === 0 && !e.defaultPrevented && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;

/**
 * A menu entry's link. Not react-router's Link: that one follows the location, so every entry of the
 * menu re-rendered on every navigation; this one only navigates (replacing the entry when it is the page
 * already shown, as Link does). Nor does it call useNavigate itself: that reads the route's context,
 * which each navigation renews, so every entry would render again all the same; the sidebar's (stable)
 * navigate comes in with the items.
 */
function MenuLink({ to, label, navigate }: { to: string; label: string; navigate: NavigateFunction }) {
  // Hover, focus or press starts the page's code and rows, so they are often here before the click.
  const prepare = () => void preparePage(to);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(e)) return;
    e.preventDefault();
    const { pathname, search, hash } = window.location;
    navigate(to, { replace: pathname + search + hash === to });
  };
  return (
    // The title shows the whole name when the sidebar's width cuts it with an ellipsis.
    <a
      href={to}
      title={label}
      onClick={onClick}
      onMouseEnter={prepare}
      onFocus={prepare}
      onPointerDown={prepare}
    >
      {label}
    </a>
  );
}

/** S3–S4: hidden and only-role entries are skipped; groups are sub-menus; empty groups are dropped. */
export function menuItems(
  routes: readonly AppRoute[],
  t: (key: string) => string,
  navigate: NavigateFunction,
  nested = false,
): Item[] {
  return routes.flatMap((route): Item[] => {
    if (route.hidden || route.onlyRole) return [];
    const label = route.title ? t(`route.${route.title}`) : '';
    if (route.children) {
      const kids = visibleChildren(route);
      if (kids.length === 0) return [];
      if (kids.length === 1 && !route.alwaysShow) return menuItems(kids, t, navigate, nested);
      const group = (
        <span key={route.path} className="clip-label" title={label}>
          {label}
        </span>
      );
      return [
        {
          key: route.path,
          icon: menuIcon(route.icon),
          label: group,
          children: menuItems(kids, t, navigate, true),
        },
      ];
    }
    const content = link(route, label, navigate);
    return [
      {
        key: route.path,
        icon: menuIcon(route.icon),
        label: nested ? (
          <Tooltip title={label} mouseEnterDelay={TOOLTIP_DELAY_SECONDS} placement="right">
            {content}
          </Tooltip>
        ) : (
          content
        ),
      },
    ];
  });
}
