import {
  ApiOutlined,
  BarChartOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  HistoryOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIcon } from '../../lib/routes';

/**
 * The route table names its menu icons; the sidebar draws them. Kept here, in the layout's chunk, so
 * the login page does not load icons it never shows (the login bundle budget).
 */
const MENU_ICONS: Record<MenuIcon, ReactNode> = {
  dashboard: <DashboardOutlined />,
  token: <ThunderboltOutlined />,
  history: <HistoryOutlined />,
  api: <ApiOutlined />,
  fileSearch: <FileSearchOutlined />,
  barChart: <BarChartOutlined />,
  cloudServer: <CloudServerOutlined />,
  safety: <SafetyOutlined />,
  setting: <SettingOutlined />,
  shop: <ShopOutlined />,
};

export const menuIcon = (name: MenuIcon | undefined): ReactNode => (name ? MENU_ICONS[name] : undefined);
