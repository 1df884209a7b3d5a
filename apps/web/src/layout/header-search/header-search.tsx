import { SearchOutlined } from '@ant-design/icons';
import { type RefSelectProps, Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { settingsStore } from '../../app/settings-store';
import { type SearchEntry, searchPool } from '../../lib/routes';
import { useAccessibleRoutes } from '../use-accessible-routes';
import { createSearcher, loadPinyin, withPinyin } from './search';

/** HS1–HS5: fuzzy search over the menu; pinyin too when the language is Chinese and the setting is on. */
export function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const routes = useAccessibleRoutes();
  const pinyinOn = settingsStore.use((s) => s.supportPinyinSearch) && i18n.language === 'zh';
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [toPinyin, setToPinyin] = useState<((s: string) => string) | null>(null);
  const selectRef = useRef<RefSelectProps>(null);

  useEffect(() => {
    if (pinyinOn && !toPinyin) void loadPinyin().then((fn) => setToPinyin(() => fn));
  }, [pinyinOn, toPinyin]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the pool follows the language (HS2).
  const search = useMemo(() => {
    const pool = searchPool(routes, (key) => t(`route.${key}`));
    return createSearcher(pinyinOn && toPinyin ? withPinyin(pool, toPinyin) : pool);
  }, [routes, t, i18n.language, pinyinOn, toPinyin]);

  const results: SearchEntry[] = useMemo(() => search(query), [search, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  const choose = (path: string) => {
    navigate(path);
    close();
    selectRef.current?.blur();
  };

  return (
    <div className={open ? 'header-search show' : 'header-search'}>
      <button
        type="button"
        className="navbar-item"
        aria-label={t('common.search')}
        data-testid="header-search-toggle"
        onClick={() => {
          setOpen((o) => !o);
          setTimeout(() => selectRef.current?.focus(), 0);
        }}
      >
        <SearchOutlined />
      </button>
      {open && (
        <Select
          ref={selectRef}
          className="header-search-select"
          data-testid="header-search-select"
          placeholder="Search"
          variant="borderless"
          value={null}
          open={results.length > 0}
          defaultActiveFirstOption
          suffixIcon={null}
          showSearch={{ searchValue: query, onSearch: setQuery, filterOption: false }}
          options={results.map((r) => ({
            value: `${r.path}|${r.title.join('>')}`,
            label: r.title.join(' > '),
          }))}
          onChange={(v: string) => choose(v.split('|')[0] as string)}
          onBlur={close}
          popupMatchSelectWidth={false}
        />
      )}
    </div>
  );
}
