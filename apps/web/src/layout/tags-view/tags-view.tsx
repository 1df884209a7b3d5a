import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeTitle } from '../../lib/i18n';
import { closeAllTags, closeOtherTags, closeTag, lastTag, tagsStore, type VisitedTag } from './tags-store';

/** Refresh, close, close others, close all — and where the page goes when its own tag closes. */
function useTagActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

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
      leaveIfClosed(tag.path === pathname);
    },
    closeOthers: (tag: VisitedTag) => {
      closeOtherTags(tag.path);
      if (tag.path !== pathname) navigate(tag.fullPath);
    },
    closeAll: () => {
      closeAllTags();
      // Unlike the original (V10 quirk) the current page never stays without a tag.
      leaveIfClosed(!tagsStore.get().visited.some((v) => v.path === pathname));
    },
  };
}

type TagActions = ReturnType<typeof useTagActions>;

/** One tag: click opens, the middle button or × closes, the context menu has the rest. */
function TagItem({ tag, active, actions }: { tag: VisitedTag; active: boolean; actions: TagActions }) {
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
}

/** V1–V10: the strip of visited pages with its context menu; affix tags cannot be closed. */
export function TagsView() {
  const { pathname } = useLocation();
  const visited = tagsStore.use((s) => s.visited);
  const barRef = useRef<HTMLDivElement>(null);
  const actions = useTagActions();

  // V2: keep the active tag in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active tag or the list changes.
  useEffect(() => {
    barRef.current
      ?.querySelector('.tags-view-item.active')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, visited.length]);

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
