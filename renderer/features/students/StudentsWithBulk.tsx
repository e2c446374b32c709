// The Students page with the bulk actions (enroll several, tag several) on its selection: the page owns the
// selection, BulkActions owns the writes. The list holds ids and emails; the email names each student in the
// confirmation and the activity log.
import { useActiveAccount } from '../../state/active-account';
import { BulkActions } from './BulkActions';
import { StudentsPage } from './StudentsPage';

export function StudentsWithBulk() {
  const account = useActiveAccount();
  return (
    <StudentsPage
      actions={(selected) => (account && selected.length > 0 ? <BulkActions accountId={account.id} students={selected.map((s) => ({ id: s.id, name: s.email, email: s.email }))} leaveOutAlready /> : null)}
    />
  );
}
