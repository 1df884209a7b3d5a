import { SearchOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Flex,
  Input,
  Pagination,
  Popover,
  Skeleton,
  Space,
  Spin,
  Table,
  Tag,
} from 'antd';
import { type CSSProperties, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { offerWarmSample } from '../../lib/warm-sample';
import { PAGE_SIZES } from './read-body';

interface SampleRow {
  key: number;
  text: string;
}

const COLUMNS = [
  { title: <Space>a</Space>, dataIndex: 'text', key: 'text', width: 120 },
  { title: 'b', key: 'tag', width: 80, render: () => <Tag color="green">b</Tag> },
];
const ROWS: SampleRow[] = [{ key: 1, text: 'a' }];

/**
 * The antd parts a list page's first render draws (list-page.tsx, list-toolbar.tsx, list-grid.tsx: a
 * card, its toolbar, a bordered small grid with row selection in both of its layouts, the pager with its
 * size changer and jumper, the skeleton and a tag), with the same props, once, out of sight. Plain antd
 * parts rather than the list page's own: theirs carry the test ids a browser test looks for. Each part's
 * styles are generated, written into the document and kept there by the console's style cache
 * (app/style-cache.ts); the grid's first mount measures the scroll bar, which the build keeps for every
 * later grid (scripts/measure-scrollbar-once.ts). The first list page opened then draws only its own
 * elements.
 */
function ListSample({ onDrawn }: { onDrawn: () => void }) {
  useEffect(onDrawn, [onDrawn]);
  const grid = (fits: boolean) => (
    <Table<SampleRow>
      bordered
      size="small"
      columns={COLUMNS}
      dataSource={ROWS}
      tableLayout={fits ? 'fixed' : undefined}
      scroll={fits ? undefined : { x: 'max-content' }}
      sticky={fits ? undefined : { offsetHeader: 0 }}
      rowSelection={{ selectedRowKeys: [], fixed: !fits }}
      pagination={false}
    />
  );
  return (
    <Card title="a">
      <Flex gap={8} wrap align="center">
        <Input allowClear placeholder="a" />
        <Button type="primary" icon={<SearchOutlined />}>
          a
        </Button>
        <Button danger>a</Button>
        <Popover content="a">
          <Checkbox>a</Checkbox>
        </Popover>
        <Spin size="small" spinning={false} />
      </Flex>
      {grid(true)}
      {grid(false)}
      <Pagination
        size="small"
        total={100}
        showSizeChanger
        showQuickJumper
        pageSizeOptions={PAGE_SIZES}
        showTotal={(n) => n}
      />
      <Skeleton active title={false} paragraph={{ rows: 1 }} />
    </Card>
  );
}

/** Off screen and unseen, yet laid out, so the grid measures a real scroll bar. */
const HIDDEN: CSSProperties = {
  position: 'fixed',
  left: -10000,
  top: 0,
  width: 1000,
  visibility: 'hidden',
  pointerEvents: 'none',
};

/**
 * The sample, drawn out of sight in the console's own tree (its theme, its style cache) but outside the
 * shell's boxes; the caller removes it once `onDrawn` has run.
 */
export function WarmLook({ onDrawn }: { onDrawn: () => void }) {
  return createPortal(
    <div aria-hidden="true" inert style={HIDDEN} data-testid="warm-look">
      <ListSample onDrawn={onDrawn} />
    </div>,
    document.body,
  );
}

offerWarmSample(WarmLook);
