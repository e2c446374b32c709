// Settings › Desktop app: "Keep running in the tray" and "Open at login", offered only where the desktop app
// can honour them (app.status's desktopOptions, decided by electron/services/desktop/background-policy.ts).
// Browser mode has neither (a browser tab is not an app the OS keeps or opens), so the card is not shown there.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../shared/ipc/app';
import { Card } from '../components/Card';
import { invoke, useEvent } from '../lib/bridge-hooks';
import { useAppStatus } from '../state/app-status';
import { useNotices } from '../state/notices';

type DesktopSetting = 'keepRunningInTray' | 'openAtLogin';

export function DesktopAppCard() {
  const { t } = useTranslation('shell', { keyPrefix: 'settings.desktopApp' });
  const offered = useAppStatus()?.desktopOptions ?? null;
  const push = useNotices((s) => s.push);
  const [settings, setSettings] = useState<Pick<Settings, DesktopSetting> | null>(null);
  useEffect(() => {
    let live = true;
    invoke('settings.get', {})
      .then((all) => live && setSettings(all))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  useEvent('settings.changed', (all) => setSettings(all));

  const shown = (Object.keys(offered ?? {}) as DesktopSetting[]).filter((key) => offered?.[key]);
  if (!offered || shown.length === 0) return null;

  const choose = (key: DesktopSetting, value: boolean) => {
    const before = settings;
    if (before) setSettings({ ...before, [key]: value });
    invoke('settings.set', { [key]: value }).catch(() => {
      setSettings(before);
      push({ tone: 'warning', title: t('notSaved'), message: t('asItWas') });
    });
  };

  return (
    <Card title={t('title')}>
      {shown.map((key) => (
        <div key={key} className="field">
          <label className="checkbox-row">
            <input type="checkbox" checked={settings?.[key] ?? false} disabled={settings === null} onChange={(e) => choose(key, e.currentTarget.checked)} aria-describedby={`desktop-${key}-hint`} />
            {t(`${key}.label`)}
          </label>
          <p className="muted small" id={`desktop-${key}-hint`}>
            {t(`${key}.hint`)}
          </p>
        </div>
      ))}
    </Card>
  );
}
