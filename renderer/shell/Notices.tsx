// The corner where short notices appear ("Signed out of …"). A polite live region, so screen readers
// announce them without interrupting; success fades after a while, warnings stay until dismissed.
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useNotices, type Notice } from '../state/notices';
import { Icon } from '../components/Icon';

const AUTO_DISMISS_MS = 10_000;

export function Notices() {
  const notices = useNotices((s) => s.notices);
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <NoticeCard key={notice.id} notice={notice} />
      ))}
    </div>
  );
}

function NoticeCard({ notice }: { notice: Notice }) {
  const { t } = useTranslation('common');
  const dismiss = useNotices((s) => s.dismiss);
  useEffect(() => {
    if (notice.tone === 'warning') return;
    // A notice with an action (Undo) stays longer: the admin needs time to decide.
    const timer = setTimeout(() => dismiss(notice.id), notice.action ? AUTO_DISMISS_MS * 3 : AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  return (
    <div className={`notice notice-${notice.tone}`}>
      <Icon name={notice.tone === 'warning' ? 'alert' : notice.tone === 'success' ? 'check' : 'info'} size={18} />
      <div className="notice-text">
        <p className="notice-title">{notice.title}</p>
        {notice.message && <p className="notice-message">{notice.message}</p>}
        {notice.action && (
          <button
            type="button"
            className="notice-action"
            onClick={() => {
              dismiss(notice.id);
              notice.action?.run();
            }}
          >
            {notice.action.label}
          </button>
        )}
      </div>
      <button type="button" className="icon-button" aria-label={t('actions.dismiss')} onClick={() => dismiss(notice.id)}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
