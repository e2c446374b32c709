// Several schools, switching between them, signing out, and a session that survives a reload.
import { test, expect } from './fixtures/app';
import { activeAdmin, activeSchool, connectDemoSchool, connectedAccounts, openAccountMenu } from './fixtures/app-actions';

test('two schools: the second connect picks the other school, and the switcher moves between them', async ({ page, sandbox, consent }) => {
  const [first, second] = sandbox.platform.schools;
  await connectDemoSchool(page, first!.name);

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Add a school' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a school' })).toBeVisible();
  consent.school = second!.subdomain;
  await connectDemoSchool(page, second!.name);
  await expect(activeAdmin(page)).toHaveText(sandbox.platform.admin.name);

  // The menu lists both, the one on screen checked; pick the other with the keyboard alone.
  const trigger = page.getByRole('button', { name: /switch school/i });
  await trigger.focus();
  await page.keyboard.press('ArrowDown');
  const items = page.getByRole('menuitemradio');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: second!.name })).toHaveAttribute('aria-checked', 'true');
  const target = items.filter({ hasText: first!.name });
  for (let i = 0; i < 4 && !(await target.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('ArrowDown');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(activeSchool(page)).toHaveText(first!.name);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(trigger).toBeFocused();

  // Escape closes the menu and gives focus back to its button.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(trigger).toBeFocused();

  // The choice is remembered: after a reload the same school is on screen.
  await page.reload();
  await expect(activeSchool(page)).toHaveText(first!.name);
});

test('reload keeps the session', async ({ page, sandbox, consentLog }) => {
  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  await page.reload();
  await expect(activeAdmin(page)).toHaveText(sandbox.platform.admin.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your school' })).toHaveCount(0);
  expect(consentLog.opened).toHaveLength(1); // no second sign-in was needed
});

test('sign out: asks first, revokes on the platform, says so, and returns to the Connect screen', async ({ page, sandbox, tokens, host }) => {
  const school = sandbox.platform.schools[0]!;
  await connectDemoSchool(page, school.name);
  const issued = tokens.issued();
  const works = async (token: string) => (await fetch(`${sandbox.url}/api/oauth/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status === 200;
  // Before: at least one of them is a live access token (else the check after sign-out proves nothing).
  expect((await Promise.all(issued.map(works))).some(Boolean)).toBe(true);

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: `Sign out of ${school.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Sign out of ${school.name}?` });
  await expect(dialog).toBeVisible();

  // Cancel (Escape) keeps everything.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(activeSchool(page)).toHaveText(school.name);

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: `Sign out of ${school.name}` }).click();
  await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Connect your school' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Signed out of ${school.name}` })).toBeVisible();
  expect(await connectedAccounts(host)).toEqual([]);

  // After: the platform accepts none of the tokens it issued to the app.
  expect(await Promise.all(issued.map(works))).not.toContain(true);
});

test('sign out of one school keeps the other on screen', async ({ page, sandbox, consent }) => {
  const [first, second] = sandbox.platform.schools;
  await connectDemoSchool(page, first!.name);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Add a school' }).click();
  consent.school = second!.subdomain;
  await connectDemoSchool(page, second!.name);

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: `Sign out of ${second!.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(activeSchool(page)).toHaveText(first!.name);
});
