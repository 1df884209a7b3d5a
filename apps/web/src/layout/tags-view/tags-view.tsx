import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeTitle } from '../../lib/i18n';
import { closeAllTags, closeOtherTags, closeTag, lastTag, tagsStore, type VisitedTag } from './tags-store';

/**
 * Refresh, close, close others, close all — and where the page goes when its own tag closes. One object
 * for the strip's life (the current path is read when an action runs): a navigation redraws only the two
 * tags whose highlight changes, not every tag with its context menu.
 */
function useTagActions(pathname: string) {
  const navigate = useNavigate();
  const current = useRef(pathname);
  current.current = pathname;
  return useMemo(() => tagActions(navigate, () => current.current), [navigate]);
}

function tagActions(navigate: ReturnType<typeof useNavigate>, currentPath: () => string) {
  /** V6–V7: after closing the active page, open the right-most tag left (or home). */
  const leaveIfClosed = (closedActive: boolean) => {
    if (!closedActive) return;
    const last = lastTag();
    navigate(last ? last.fullPath : '/', { replace: true });
  };

  return {
    open: (tag: VisitedTag) => navigate(tag.fullPath),
    refresh: (tag: VisitedTag) => navigate(`/redirect${tag.fullPath}`, { replace: true }),
    close: (tag: VisitedTag) => {
      if (tag.affix) return;
      closeTag(tag.path);
      leaveIfClosed(tag.path === currentPath());
    },
    closeOthers: (tag: VisitedTag) => {
      closeOtherTags(tag.path);
      if (tag.path !== currentPath()) navigate(tag.fullPath);
    },
    closeAll: () => {
      closeAllTags();
      // Unlike the original (V10 quirk) the current page never stays without a tag.
      leaveIfClosed(!tagsStore.get().visited.some((v) => v.path === currentPath()));
    },
  };
}

type TagActions = ReturnType<typeof tagActions>;

/** One tag: click opens, the middle button or × closes, the context menu has the rest. */
const TagItem = memo(function TagItem({
  tag,
  active,
  actions,
}: {
  tag: VisitedTag;
  active: boolean;
  actions: TagActions;
}) {
  const { t } = useTranslation();
  const menu: MenuProps = {
    items: [
      { key: 'refresh', label: t('tagsView.refresh') },
      ...(tag.affix ? [] : [{ key: 'close', label: t('tagsView.close') }]),
      { key: 'closeOthers', label: t('tagsView.closeOthers') },
      { key: 'closeAll', label: t('tagsView.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') actions.refresh(tag);
      else if (key === 'close') actions.close(tag);
      else if (key === 'closeOthers') actions.closeOthers(tag);
      else actions.closeAll();
    },
  };
  return (
    <Dropdown trigger={['contextMenu']} menu={menu}>
      <button
        type="button"
        className={`tags-view-item${active ? ' active' : ''}${tag.affix ? ' affix' : ''}`}
        data-path={tag.path}
        onClick={() => actions.open(tag)}
        onMouseUp={(e) => {
          // V4: the middle button closes a tag.
          if (e.button === 1) actions.close(tag);
        }}
      >
        {routeTitle(tag.title) ?? t('tagsView.noName')}
        {!tag.affix && (
          <CloseOutlined
            className="tags-view-close"
            aria-label={t('tagsView.close')}
            onClick={(e) => {
              e.stopPropagation();
              actions.close(tag);
            }}
          />
        )}
      </button>
    </Dropdown>
  );
});

/**
 * V2: scrolls the strip to the active tag when part of it is hidden. Asked of an IntersectionObserver,
 * which answers from the frame's own layout: scrollIntoView straight after a navigation forced a layout
 * of the whole new page in the middle of the click (about a sixth of its main-thread time).
 */
function keepInView(bar: HTMLElement | null): (() => void) | undefined {
  const active = bar?.querySelector<HTMLElement>('.tags-view-item.active');
  if (!bar || !active) return;
  const show = () => active.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  if (typeof IntersectionObserver === 'undefined') return void show();
  const observer = new IntersectionObserver(
    ([entry]) => {
      observer.disconnect();
      if (entry && entry.intersectionRatio < 1) show();
    },
    { root: bar, threshold: 1 },
  );
  observer.observe(active);
  return () => observer.disconnect();
}

/** V1–V10: the strip of visited pages with its context menu; affix tags cannot be closed. */
export function TagsView() {
  const { pathname } = useLocation();
  const visited = tagsStore.use((s) => s.visited);
  const barRef = useRef<HTMLDivElement>(null);
  const actions = useTagActions(pathname);

  // V2: keep the active tag in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active tag or the list changes.
  useEffect(() => keepInView(barRef.current), [pathname, visited.length]);

  return (
    <div
      className="tags-view"
      ref={barRef}
      data-testid="tags-view"
      onWheel={(e) => {
        // V2: the wheel scrolls the strip sideways.
        if (barRef.current) barRef.current.scrollLeft += e.deltaY;
      }}
    >
      {visited.map((tag) => (
        <TagItem key={tag.path} tag={tag} active={tag.path === pathname} actions={actions} />
      ))}
    </div>
  );
}
