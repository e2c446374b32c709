import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { Page } from '../components/Page';

export function NotFound() {
  const { t } = useTranslation('shell', { keyPrefix: 'notFound' });
  return (
    <Page title={t('title')}>
      <EmptyState title={t('heading')} icon="info" action={<Link to="/">{t('home')}</Link>}>
        <p>{t('body')}</p>
      </EmptyState>
    </Page>
  );
}
