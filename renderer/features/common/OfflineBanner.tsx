// Says when the platform is out of reach (the main process's probe, not navigator.onLine) and that the
// figures come from what was saved; the app refreshes them by itself when it is back.
import { useAppStatus } from '../../state/app-status';
import { Icon } from '../../components/Icon';

export function OfflineBanner() {
  const status = useAppStatus();
  if (!status || status.online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <Icon name="wifiOff" size={16} />
      <span>
        <strong>Offline.</strong> The platform can't be reached: you are reviewing saved figures. They refresh by themselves when it is back.
      </span>
    </div>
  );
}
