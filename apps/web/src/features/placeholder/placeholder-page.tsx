import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useRouteTable } from '../../lib/route-context';
import { matchChain } from '../../lib/routes';

/** A page whose module arrives in a later issue: its title and an honest empty state. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { layoutRoutes } = useRouteTable();
  const chain = matchChain(layoutRoutes, pathname);
  const title = chain[chain.length - 1]?.title;
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{title ? t(`route.${title}`) : ''}</h2>}>
      <Empty description={t('common.comingSoon')} />
    </Card>
  );
}
