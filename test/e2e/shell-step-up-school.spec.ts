// Step-up on the second school: the authorization request names the account's school, so the platform's
// consent page preselects it (not the first school), and Allow just works. Choosing another school there
// is still refused, in plain words, and changes nothing.
import { describeScope } from '../../shared/scopes';
import { DASHBOARD_SCOPES } from '../../shared/app-scopes';
import { test, expect } from './fixtures/app';
import type { Page } from '@playwright/test';
import { activeSchool, clickConnectDemoSchool, connectDemoSchool, connectedAccounts, openAccountMenu } from './fixtures/app-actions';
import type { ConsentSettings } from './fixtures/consent-tab';

const withheld = DASHBOARD_SCOPES.orders[0];

/** Connects both demo schools; the second without the Orders scope, and leaves it on screen at Orders. */
async function secondSchoolWithoutOrders(page: Page, consent: ConsentSettings, schools: { name: string; subdomain: string }[]) {
  const [first, second] = schools;
  await connectDemoSchool(page, first!.name);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Add a school' }).click();
  consent.school = second!.subdomain;
  consent.scopes = (asked) => asked.filter((scope) => scope !== withheld);
  await clickConnectDemoSchool(page);
  await expect(activeSchool(page)).toHaveText(second!.name, { timeout: 30_000 });
  consent.scopes = undefined;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const prompt = page.getByRole('region', { name: 'More access needed' });
  await expect(prompt).toContainText(describeScope(withheld));
  return prompt;
}

test('Grant access on the second school leads to that school on the consent page', async ({ page, sandbox, consent, consentLog, host }) => {
  const [, second] = sandbox.platform.schools;
  const prompt = await secondSchoolWithoutOrders(page, consent, sandbox.platform.schools);

  consent.school = undefined; // the admin accepts what the page preselected
  await prompt.getByRole('button', { name: 'Grant access' }).click();
  await expect(prompt).toHaveCount(0, { timeout: 30_000 });
  await expect(activeSchool(page)).toHaveText(second!.name);

  const stepUp = new URL(consentLog.opened.at(-1)!);
  expect(stepUp.searchParams.get('school')).toBe(second!.id);
  const account = (await connectedAccounts(host)).find((a) => a.school.id === second!.id)!;
  expect(account.grantedScopes).toContain(withheld);
});

test('choosing the other school on the consent page is refused in plain words and changes nothing', async ({ page, sandbox, consent, host }) => {
  const [first, second] = sandbox.platform.schools;
  const prompt = await secondSchoolWithoutOrders(page, consent, sandbox.platform.schools);

  consent.school = first!.subdomain;
  await prompt.getByRole('button', { name: 'Grant access' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Sign-in' });
  await expect(alert).toContainText(`You chose ${first!.name} on the sign-in page, but this is for ${second!.name}.`, { timeout: 30_000 });
  const account = (await connectedAccounts(host)).find((a) => a.school.id === second!.id)!;
  expect(account.grantedScopes).not.toContain(withheld);
  await expect(activeSchool(page)).toHaveText(second!.name);
});
