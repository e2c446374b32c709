// The Connect screen says one thing at a time, in plain words: what to enter on an empty address, a failure
// without a green "will connect to" next to it and without the same advice twice, no HTTP jargon for a site
// that is not a platform, and how long it waits for the sign-in page, noticing the admin back without an
// answer (they most likely closed the tab).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './fixtures/app';
import { activeSchool, clickConnectDemoSchool } from './fixtures/app-actions';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('Connect on an empty address says what to enter', async ({ page }) => {
  const field = page.getByLabel("Your school's address");
  await field.focus();
  await field.press('Enter');
  await expect(page.getByText("Enter your school's address, for example https://school.example.com.")).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  // Typing again puts the reminder away.
  await field.fill('school.example.com');
  await expect(page.getByText("Enter your school's address")).toHaveCount(0);
});

test('an unreachable address: one failure, one piece of advice, no green "will connect to"', async ({ page }) => {
  const released = createServer();
  const address = await listen(released);
  await new Promise<void>((resolve) => released.close(() => resolve()));

  const field = page.getByLabel("Your school's address");
  await field.fill(address);
  await expect(page.getByText('The app will connect to')).toBeVisible();
  await field.press('Enter');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("Couldn't reach that address", { timeout: 30_000 });
  await expect(page.getByText('The app will connect to')).toHaveCount(0);
  // "Check the address …" is said once on screen (the engine's own sentence is folded under Technical details).
  await expect(page.getByText(/Check the address/).filter({ visible: true })).toHaveCount(1);
  await expect(field).toHaveValue(address);
  // Another address is judged afresh.
  await field.fill('school.example.com');
  await expect(page.getByText('The app will connect to')).toBeVisible();
});

test('a site that is not a course platform is described in plain words, the HTTP detail folded away', async ({ page }) => {
  // Like a site behind a login wall: 401 for everything, the well-known documents included.
  const walled = createServer((_req, res) => {
    res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Basic realm="intranet"' });
    res.end('login required');
  });
  const address = await listen(walled);
  try {
    const field = page.getByLabel("Your school's address");
    await field.fill(address);
    await field.press('Enter');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('No course platform sign-in found there', { timeout: 30_000 });
    await expect(alert).toContainText("Check the address: it is the one your school's admin pages live on.");
    const visible = await alert.innerText();
    expect(visible).not.toMatch(/401|well-known|oauth/i);
    // The detail is there for whoever asks for it.
    await alert.getByText('Technical details').click();
    await expect(alert).toContainText('401');
  } finally {
    await new Promise<void>((resolve) => walled.close(() => resolve()));
  }
});

test.describe('as with npm start: the app page opens the sign-in tab', () => {
  test.use({ consentVia: 'page' });

  test('says how long it waits, notices the admin back without an answer (a closed tab), and opens the page again', async ({ page, context, consent, consentLog, sandbox }) => {
    consent.decision = 'Leave';
    await clickConnectDemoSchool(page);
    await expect(page.getByText('The app waits up to 5 minutes for your answer.')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => consentLog.leftOpen.length, { timeout: 15_000 }).toBe(1);

    // The admin closes the sign-in tab; the browser shows the app's tab again.
    await consentLog.leftOpen[0]!.close();
    await page.bringToFront();
    // A desktop browser fires 'focus' on the tab it shows again; headless Chromium moves no focus between tabs.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByRole('status').filter({ hasText: 'Still waiting for your answer on the sign-in page.' })).toContainText('If you closed that tab, open the sign-in page again', { timeout: 5_000 });

    consent.decision = 'Allow';
    const reopened = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Open the sign-in page' }).click();
    await reopened;
    await expect(activeSchool(page)).toHaveText(sandbox.platform.schools[0]!.name, { timeout: 30_000 });
  });
});
