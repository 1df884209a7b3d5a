import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { ColorPicker, Drawer, Switch } from 'antd';
import { memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeSetting, settingsStore, THEME_PRESETS } from '../../app/settings-store';
import { Permission } from '../../components/permission';

/** Roles allowed to see the settings handle (spec §6). */
export const SETTINGS_ROLES = ['admin', 'editor'] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

/** ST1–ST5: the page-style panel; the handle shows only for admin and editor. Not redrawn on navigation. */
export const SettingsDrawer = memo(function SettingsDrawer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const s = settingsStore.use((x) => x);

  return (
    <Permission roles={SETTINGS_ROLES}>
      <button
        type="button"
        className="settings-handle"
        style={{ background: s.theme }}
        aria-label={t('settings.open')}
        data-testid="settings-handle"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <CloseOutlined /> : <SettingOutlined />}
      </button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        size={260}
        title={t('settings.title')}
        closable={false}
      >
        <div data-testid="settings-panel">
          <Row label={t('settings.theme')}>
            <ColorPicker
              value={s.theme}
              disabledAlpha
              presets={[{ label: t('settings.theme'), colors: THEME_PRESETS }]}
              onChangeComplete={(c) => changeSetting('theme', c.toHexString())}
            />
          </Row>
          <div className="settings-swatches">
            {THEME_PRESETS.map((c) => (
              <button
                key={c}
                type="button"
                aria-label={c}
                data-testid={`theme-swatch-${c}`}
                className={c.toLowerCase() === s.theme.toLowerCase() ? 'active' : ''}
                style={{ background: c }}
                onClick={() => changeSetting('theme', c)}
              />
            ))}
          </div>
          <Row label={t('settings.tagsView')}>
            <Switch
              checked={s.tagsView}
              onChange={(v) => changeSetting('tagsView', v)}
              data-testid="setting-tags-view"
            />
          </Row>
          <Row label={t('settings.fixedHeader')}>
            <Switch checked={s.fixedHeader} onChange={(v) => changeSetting('fixedHeader', v)} />
          </Row>
          <Row label={t('settings.sidebarLogo')}>
            <Switch checked={s.sidebarLogo} onChange={(v) => changeSetting('sidebarLogo', v)} />
          </Row>
          <Row label={t('settings.pinyinSearch')}>
            <Switch
              checked={s.supportPinyinSearch}
              onChange={(v) => changeSetting('supportPinyinSearch', v)}
            />
          </Row>
        </div>
      </Drawer>
    </Permission>
  );
});
