// Least privilege and step-up: a platform may grant fewer scopes than asked. The dashboard that needs a
// missing scope says so in plain words and asks; "Grant access" runs the browser sign-in for just that,
// and the dashboard then shows.
import { describeScope } from '../../shared/scopes';
import { DASHBOARD_SCOPES } from '../../shared/app-scopes';
import { test, expect } from './fixtures/app';
import { connectDemoSchool, connectedAccounts } from './fixtures/app-actions';

test('a dashboard whose scope was not granted explains it, and Grant access fixes it', async ({ page, sandbox, consent, consentLog, host }) => {
  const withheld = DASHBOARD_SCOPES.orders[0];
  consent.scopes = (asked) => asked.filter((scope) => scope !== withheld);
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  expect((await connectedAccounts(host))[0]!.grantedScopes).not.toContain(withheld);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const prompt = page.getByRole('region', { name: 'More access needed' });
  await expect(prompt).toContainText(describeScope(withheld));

  consent.scopes = undefined;
  await prompt.getByRole('button', { name: 'Grant access' }).click();
  await expect(prompt).toHaveCount(0);
  expect((await connectedAccounts(host))[0]!.grantedScopes).toContain(withheld);
  // The second consent asked for the missing scope.
  expect(new URL(consentLog.opened[1]!).searchParams.get('scope')!.split(' ')).toContain(withheld);
});
