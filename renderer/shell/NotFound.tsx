import { Link } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { Page } from '../components/Page';

export function NotFound() {
  return (
    <Page title="Not found">
      <EmptyState title="There's nothing at this address" icon="info" action={<Link to="/">Go to the start</Link>}>
        <p>The screen may have moved. Use the navigation on the left.</p>
      </EmptyState>
    </Page>
  );
}
