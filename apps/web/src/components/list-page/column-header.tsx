import { SearchOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Popover, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FilterKind, type FilterValue, isActive, type SortState } from './read-body';

export interface FilterOption {
  label: ReactNode;
  value: string | number | boolean;
}

const ACTIVE = '#f5222d';
const IDLE = '#1890ff';

interface FilterProps {
  columnKey: string;
  kind: FilterKind;
  value: FilterValue;
  options?: FilterOption[];
  onApply: (value: FilterValue) => void;
}

/** The header search icon: red while its filter narrows the rows, blue otherwise (original §16.1). */
export function FilterPopover({ columnKey, kind, value, options, onApply }: FilterProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FilterValue>(value);
  const apply = (v: FilterValue) => {
    onApply(v);
    setOpen(false);
  };
  let editor: ReactNode;
  if (kind === 'select') {
    editor = (
      <Select
        data-testid={`filter-input-${columnKey}`}
        style={{ width: 200 }}
        allowClear
        placeholder={t('listPage.all')}
        value={(draft as string | number | undefined) ?? undefined}
        onChange={(v) => setDraft(v ?? null)}
        options={options?.map((o) => ({ label: o.label, value: o.value as string | number }))}
        getPopupContainer={(n) => n.parentElement ?? document.body}
      />
    );
  } else if (kind === 'dateRange') {
    const range = Array.isArray(draft) ? draft : [null, null];
    editor = (
      <DatePicker.RangePicker
        data-testid={`filter-input-${columnKey}`}
        value={range as [Dayjs | null, Dayjs | null]}
        placeholder={[t('listPage.startDate'), t('listPage.endDate')]}
        separator={t('listPage.to')}
        allowEmpty={[true, true]}
        onChange={(v) => setDraft(v ? [v[0] ?? null, v[1] ?? null] : null)}
        getPopupContainer={(n) => n.parentElement ?? document.body}
      />
    );
  } else {
    editor = (
      <Input
        data-testid={`filter-input-${columnKey}`}
        style={{ width: 200 }}
        allowClear
        value={(draft as string | undefined) ?? ''}
        onChange={(e) => setDraft(e.target.value)}
        onPressEnter={() => apply(draft)}
      />
    );
  }
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(o) => {
        if (o) setDraft(value);
        setOpen(o);
      }}
      content={
        <Space orientation="vertical" data-testid={`filter-popover-${columnKey}`}>
          {editor}
          <Space>
            <Button
              size="small"
              type="primary"
              data-testid={`filter-apply-${columnKey}`}
              onClick={() => apply(draft)}
            >
              {t('listPage.search')}
            </Button>
            <Button size="small" data-testid={`filter-clear-${columnKey}`} onClick={() => apply(null)}>
              {t('listPage.reset')}
            </Button>
          </Space>
        </Space>
      }
    >
      <SearchOutlined
        data-testid={`filter-${columnKey}`}
        data-active={isActive(value) ? 'true' : 'false'}
        aria-label={t('listPage.filter')}
        style={{ color: isActive(value) ? ACTIVE : IDLE, cursor: 'pointer' }}
        onClick={(e) => e.stopPropagation()}
      />
    </Popover>
  );
}

interface SortProps {
  columnKey: string;
  field: string;
  sort: SortState | null;
  onSort: (sort: SortState) => void;
}

/** The header Sort popover: Ascending / Descending; the server sorts (`orderBy`). */
export function SortPopover({ columnKey, field, sort, onSort }: SortProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = sort?.field === field ? sort.direction : null;
  const pick = (direction: 'asc' | 'desc') => {
    onSort({ field, direction });
    setOpen(false);
  };
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      content={
        <Space orientation="vertical" data-testid={`sort-popover-${columnKey}`}>
          <Button
            size="small"
            type={current === 'asc' ? 'primary' : 'default'}
            data-testid={`sort-asc-${columnKey}`}
            onClick={() => pick('asc')}
          >
            {t('listPage.ascending')}
          </Button>
          <Button
            size="small"
            type={current === 'desc' ? 'primary' : 'default'}
            data-testid={`sort-desc-${columnKey}`}
            onClick={() => pick('desc')}
          >
            {t('listPage.descending')}
          </Button>
        </Space>
      }
    >
      {current === 'desc' ? (
        <SortDescendingOutlined
          data-testid={`sort-${columnKey}`}
          data-sort="desc"
          aria-label={t('listPage.sort')}
          style={{ color: ACTIVE, cursor: 'pointer' }}
        />
      ) : (
        <SortAscendingOutlined
          data-testid={`sort-${columnKey}`}
          data-sort={current ?? 'none'}
          aria-label={t('listPage.sort')}
          style={{ color: current ? ACTIVE : IDLE, cursor: 'pointer' }}
        />
      )}
    </Popover>
  );
}
