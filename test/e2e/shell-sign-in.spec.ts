// Connecting a school end to end in browser mode: the real renderer, the real main-process services, the
// sandbox platform, and its consent page answered in a new tab of the same browser.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './fixtures/app';
import { activeAdmin, activeSchool, clickConnectDemoSchool, connectedAccounts } from './fixtures/app-actions';

test('connects the demo school with Allow and shows the admin and the school', async ({ page, sandbox, consentLog, host }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your school' })).toBeVisible();
  await clickConnectDemoSchool(page);

  await expect(activeAdmin(page)).toHaveText(sandbox.platform.admin.name);
  await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Today', 'Courses', 'Orders', 'Analytics', 'Students', 'Members', 'Coupons', 'Subscriptions', 'Events', 'Comments', 'Activity', 'More']);
  await expect(page.getByTestId('app-status')).toContainText('Online');

  // The consent page was the sandbox's own authorization endpoint, opened once, in a tab of this browser.
  expect(consentLog.opened).toHaveLength(1);
  expect(new URL(consentLog.opened[0]!).origin).toBe(sandbox.url);
  expect((await connectedAccounts(host)).map((a) => a.admin.name)).toEqual([sandbox.platform.admin.name]);
});

test('Deny on the consent page: the Connect screen says access was denied and nothing is connected', async ({ page, consent, host }) => {
  consent.decision = 'Deny';
  await clickConnectDemoSchool(page);

  // A whole browser round trip (the platform's sign-in, then Deny): more than a click's wait.
  await expect(page.getByRole('alert')).toContainText('Access was denied', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your school' })).toBeVisible();
  expect(await connectedAccounts(host)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Connect your school' })).toBeVisible();
  await expect(page.getByTestId('active-school')).toHaveCount(0);
});

test('while the browser is open: the steps, a link back to the sign-in page, and Cancel', async ({ page, consent, consentLog, host }) => {
  consent.decision = 'Leave';
  await clickConnectDemoSchool(page);

  const waiting = page.getByRole('listitem').filter({ hasText: 'Waiting for you in the browser' });
  await expect(waiting).toHaveAttribute('aria-current', 'step');
  const link = page.getByRole('link', { name: 'Open the sign-in page' });
  await expect(link).toHaveAttribute('href', consentLog.opened[0]!);

  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Sign-in cancelled');
  await expect(page.getByRole('region', { name: /Demo school/ })).toBeVisible();
  expect(await connectedAccounts(host)).toEqual([]);
});

test("checks the school's address as the admin types, and keeps it after a failure", async ({ page }) => {
  const field = page.getByLabel("Your school's address");
  await field.fill('school');
  await expect(page.getByText('That host name is incomplete', { exact: false })).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill('school.example.com/');
  await expect(page.getByText('The app will connect to')).toContainText('https://school.example.com');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');

  await field.fill('http://school.example.com');
  await field.press('Enter');
  await expect(page.getByText('plain http:// is only allowed for this computer', { exact: false })).toBeVisible();
  await expect(field).toBeFocused();
});

test('says which failure it was: no platform at the address, or not reachable', async ({ page }) => {
  // A web server that is not a course platform: it answers, but has no sign-in metadata.
  const notAPlatform = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('nothing here');
  });
  await new Promise<void>((resolve) => notAPlatform.listen(0, '127.0.0.1', resolve));
  const { port } = notAPlatform.address() as AddressInfo;
  try {
    const field = page.getByLabel("Your school's address");
    await field.fill(`http://127.0.0.1:${port}`);
    await field.press('Enter');
    await expect(page.getByRole('alert')).toContainText('No course platform at that address');
    await expect(field).toHaveValue(`http://127.0.0.1:${port}`);
  } finally {
    await new Promise<void>((resolve) => notAPlatform.close(() => resolve()));
  }

  // A port nothing listens on (taken, then released): nothing answers.
  const released = createServer();
  await new Promise<void>((resolve) => released.listen(0, '127.0.0.1', resolve));
  const closedPort = (released.address() as AddressInfo).port;
  await new Promise<void>((resolve) => released.close(() => resolve()));
  const field = page.getByLabel("Your school's address");
  await field.fill(`http://127.0.0.1:${closedPort}`);
  await field.press('Enter');
  await expect(page.getByRole('alert')).toContainText("Couldn't reach that address");
});

test.describe('as with npm start: the app page itself opens the consent tab', () => {
  test.use({ consentVia: 'page' });

  test('the consent page opens in a new tab of the same browser, which then says it can be closed, and the app updates by itself', async ({ page, sandbox, consentLog }) => {
    await clickConnectDemoSchool(page);
    await expect(activeAdmin(page)).toHaveText(sandbox.platform.admin.name, { timeout: 30_000 });
    expect(consentLog.opened).toHaveLength(1);
    // The tab's words are read once it has loaded, which may be after the app has updated.
    await expect.poll(() => consentLog.redirectPages[0]).toMatch(/close/i);
  });
});
