import { SearchOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Popover, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FilterKind, type FilterValue, isActive, type SortState } from './read-body';
import { useEverTrue } from './use-ever-true';

export interface FilterOption {
  label: ReactNode;
  value: string | number | boolean;
}

const ACTIVE = '#f5222d';
const IDLE = '#1890ff';

interface FilterProps {
  /** The grid's translate function: one useTranslation per header icon was a cost per column. */
  t: TFunction;
  columnKey: string;
  kind: FilterKind;
  value: FilterValue;
  options?: FilterOption[];
  onApply: (value: FilterValue) => void;
}

/** The filter's input: a select of the options, a date range, or text (Enter applies it). */
function FilterEditor(props: {
  columnKey: string;
  kind: FilterKind;
  draft: FilterValue;
  options?: FilterOption[];
  onDraft: (value: FilterValue) => void;
  onEnter: () => void;
}) {
  const { columnKey, kind, draft, onDraft } = props;
  const { t } = useTranslation();
  const testId = `filter-input-${columnKey}`;
  const inPopover = (n: HTMLElement) => n.parentElement ?? document.body;
  if (kind === 'select') {
    return (
      <Select
        data-testid={testId}
        style={{ width: 200 }}
        allowClear
        placeholder={t('listPage.all')}
        value={(draft as string | number | undefined) ?? undefined}
        onChange={(v) => onDraft(v ?? null)}
        options={props.options?.map((o) => ({ label: o.label, value: o.value as string | number }))}
        getPopupContainer={inPopover}
      />
    );
  }
  if (kind === 'dateRange') {
    const range = Array.isArray(draft) ? draft : [null, null];
    return (
      <DatePicker.RangePicker
        data-testid={testId}
        value={range as [Dayjs | null, Dayjs | null]}
        placeholder={[t('listPage.startDate'), t('listPage.endDate')]}
        separator={t('listPage.to')}
        allowEmpty={[true, true]}
        onChange={(v) => onDraft(v ? [v[0] ?? null, v[1] ?? null] : null)}
        getPopupContainer={inPopover}
      />
    );
  }
  return (
    <Input
      data-testid={testId}
      style={{ width: 200 }}
      allowClear
      value={(draft as string | undefined) ?? ''}
      onChange={(e) => onDraft(e.target.value)}
      onPressEnter={props.onEnter}
    />
  );
}

/**
 * The header search icon: red while its filter narrows the rows, blue otherwise (original §16.1). The
 * popover is built on the icon's first click, not with the grid: a wide grid has dozens of headers, and
 * building them all delayed its first rows.
 */
export function FilterPopover({ t, columnKey, kind, value, options, onApply }: FilterProps) {
  const [open, setOpen] = useState(false);
  const built = useEverTrue(open);
  const [draft, setDraft] = useState<FilterValue>(value);
  const apply = (v: FilterValue) => {
    onApply(v);
    setOpen(false);
  };
  const icon = (
    <SearchOutlined
      data-testid={`filter-${columnKey}`}
      data-active={isActive(value) ? 'true' : 'false'}
      aria-label={t('listPage.filter')}
      style={{ color: isActive(value) ? ACTIVE : IDLE, cursor: 'pointer' }}
      onClick={(e) => {
        e.stopPropagation();
        // Once built, the popover's own trigger opens and closes it.
        if (!built) {
          setDraft(value);
          setOpen(true);
        }
      }}
    />
  );
  if (!built) return icon;
  const content = (
    <Space orientation="vertical" data-testid={`filter-popover-${columnKey}`}>
      <FilterEditor
        columnKey={columnKey}
        kind={kind}
        draft={draft}
        options={options}
        onDraft={setDraft}
        onEnter={() => apply(draft)}
      />
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
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(o) => {
        if (o) setDraft(value);
        setOpen(o);
      }}
      content={content}
    >
      {icon}
    </Popover>
  );
}

interface SortProps {
  t: TFunction;
  columnKey: string;
  field: string;
  sort: SortState | null;
  onSort: (sort: SortState) => void;
}

/** The header Sort popover: Ascending / Descending; the server sorts (`orderBy`). Built on first click. */
export function SortPopover({ t, columnKey, field, sort, onSort }: SortProps) {
  const [open, setOpen] = useState(false);
  const built = useEverTrue(open);
  const current = sort?.field === field ? sort.direction : null;
  const SortIcon = current === 'desc' ? SortDescendingOutlined : SortAscendingOutlined;
  const pick = (direction: 'asc' | 'desc') => {
    onSort({ field, direction });
    setOpen(false);
  };
  const icon = (
    <SortIcon
      data-testid={`sort-${columnKey}`}
      data-sort={current ?? 'none'}
      aria-label={t('listPage.sort')}
      style={{ color: current ? ACTIVE : IDLE, cursor: 'pointer' }}
      onClick={built ? undefined : () => setOpen(true)}
    />
  );
  if (!built) return icon;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      content={
        <Space orientation="vertical" data-testid={`sort-popover-${columnKey}`}>
          {(['asc', 'desc'] as const).map((direction) => (
            <Button
              key={direction}
              size="small"
              type={current === direction ? 'primary' : 'default'}
              data-testid={`sort-${direction}-${columnKey}`}
              onClick={() => pick(direction)}
            >
              {t(direction === 'asc' ? 'listPage.ascending' : 'listPage.descending')}
            </Button>
          ))}
        </Space>
      }
    >
      {icon}
    </Popover>
  );
}
