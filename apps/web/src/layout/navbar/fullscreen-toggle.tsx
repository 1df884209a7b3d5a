import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { App, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import screenfull from 'screenfull';

/** F1–F2: toggles document fullscreen; warns when the browser cannot. */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [active, setActive] = useState(screenfull.isEnabled && screenfull.isFullscreen);

  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const onChange = () => setActive(screenfull.isFullscreen);
    screenfull.on('change', onChange);
    return () => screenfull.off('change', onChange);
  }, []);

  const toggle = () => {
    if (!screenfull.isEnabled) {
      void message.warning(t('navbar.fullscreenUnsupported'));
      return;
    }
    void screenfull.toggle();
  };

  const label = active ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className="navbar-item"
        aria-label={label}
        aria-pressed={active}
        data-testid="fullscreen-toggle"
        onClick={toggle}
      >
        {active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}
