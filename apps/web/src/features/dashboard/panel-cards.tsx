import {
  AccountBookOutlined,
  DollarOutlined,
  ShoppingCartOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { PanelGroup } from '@prepay/contracts';
import { Card, Col, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicInformation } from '../../components/vending/vending';
import { currentLanguage } from '../../lib/i18n';
import { CHART, type ChartType, usePanelGroup } from './api';
import { NO_CURRENCY, type PanelKey, panelFigure } from './figures';

const PANELS: { key: PanelKey; field: keyof PanelGroup; icon: ReactNode; colour: string }[] = [
  { key: 'accounts', field: 'totalAccountCount', icon: <AccountBookOutlined />, colour: '#40c9c6' },
  { key: 'times', field: 'totalPurchaseTimes', icon: <ShoppingCartOutlined />, colour: '#36a3f7' },
  { key: 'units', field: 'totalPurchaseUnit', icon: <ThunderboltOutlined />, colour: '#f4516c' },
  { key: 'money', field: 'totalPurchaseMoney', icon: <DollarOutlined />, colour: '#34bfa3' },
];

/** The four panel cards; clicking one shows its series (types 0–3) in the purchase bar chart. */
export function PanelCards({ active, onPick }: { active: ChartType; onPick: (type: ChartType) => void }) {
  const { t } = useTranslation();
  const panel = usePanelGroup();
  const currency = useBasicInformation().data?.currency ?? NO_CURRENCY;
  const lang = currentLanguage();
  return (
    <Row gutter={[16, 16]}>
      {PANELS.map((p) => {
        const type = CHART[p.key];
        const value = panel.data?.[p.field];
        const label = t(`dashboard.panel.${p.key}`, { currency });
        return (
          <Col key={p.key} xs={12} lg={6}>
            <Card
              hoverable
              size="small"
              role="button"
              tabIndex={0}
              aria-pressed={active === type}
              data-testid={`panel-${p.key}`}
              onClick={() => onPick(type)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') onPick(type);
              }}
              style={{ borderColor: active === type ? p.colour : undefined, height: '100%' }}
            >
              <div style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
                <span style={{ fontSize: 36, color: p.colour, lineHeight: 1 }}>{p.icon}</span>
                <div style={{ minWidth: 0 }}>
                  <div
                    className="clip-label"
                    title={label}
                    style={{ color: 'rgba(0,0,0,.45)', fontSize: 13 }}
                  >
                    {label}
                  </div>
                  {value === undefined ? (
                    <Skeleton.Button active size="small" />
                  ) : (
                    <div
                      data-testid={`panel-${p.key}-value`}
                      style={{
                        fontSize: 'clamp(15px, 4.5vw, 20px)',
                        fontWeight: 600,
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {panelFigure(p.key, value, lang)}
                    </div>
                  )}
                </div>
              </div>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
