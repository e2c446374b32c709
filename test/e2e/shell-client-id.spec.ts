// "Use a client ID from your platform" (issue 13 item 12), the walkthrough link on a failed sign-in (item 13)
// and the sign-in server's origin when it is not the school's (item 1), end to end in browser mode against the sandbox. The test arranges the integration "out of band"
// itself: it registers a confidential client (client_secret_post) at the sandbox with its own HTTP call, as
// the platform's staff would, and hands the client ID and secret to the admin. The sandbox checks the secret
// at its token endpoint, so signing in proves the app sent it.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/app';
import { activeAdmin, connectedAccounts } from './fixtures/app-actions';

async function arrangeIntegration(sandboxUrl: string): Promise<{ clientId: string; clientSecret: string }> {
  const response = await fetch(`${sandboxUrl}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'School Companion (arranged integration)',
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1/oauth/callback'],
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { client_id: string; client_secret: string };
  expect(body.client_secret).toBeTruthy();
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

async function connectWithClient(page: Page, address: string, clientId: string, clientSecret: string): Promise<void> {
  await page.getByLabel("Your school's address").fill(address);
  await page.getByText('Use a client ID from your platform').click();
  await page.getByLabel('Client ID').fill(clientId);
  await page.getByLabel(/Client secret/).fill(clientSecret);
  await page.locator('form.address-form').getByRole('button', { name: 'Connect' }).click();
}

test('signs in with a client ID and secret from the platform instead of registering, and keeps the secret out of the page and the disk', async ({ page, sandbox, host, hostLog }) => {
  const given = await arrangeIntegration(sandbox.url);
  sandbox.stats.reset();
  await connectWithClient(page, sandbox.url, given.clientId, given.clientSecret);

  await expect(activeAdmin(page)).toHaveText(sandbox.platform.admin.name);
  expect(sandbox.stats.byPath()['/api/oauth/register'] ?? 0).toBe(0); // the app did not register itself
  expect((await connectedAccounts(host)).map((a) => a.admin.name)).toEqual([sandbox.platform.admin.name]);

  // The secret is in the vault only: not in the page, its storage, or the host's log.
  expect(await page.content()).not.toContain(given.clientSecret);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(given.clientSecret);
  expect(hostLog.join('\n')).not.toContain(given.clientSecret);
});

test('a failed sign-in says what happened and links to the platform’s walkthrough', async ({ page, sandbox, host }) => {
  const given = await arrangeIntegration(sandbox.url);
  await connectWithClient(page, sandbox.url, given.clientId, 'not-the-secret');

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('client_secret');
  const link = alert.getByRole('link', { name: "Read your platform's sign-in walkthrough" });
  await expect(link).toHaveAttribute('href', `${sandbox.url}/auth.md`);
  expect(await connectedAccounts(host)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('client-id-failure.png') });
});

/**
 * A school whose address is its own site but whose platform signs in elsewhere: its protected-resource
 * metadata names the sandbox as the sign-in server; everything else is passed through to the sandbox.
 */
async function schoolSigningInAt(sandboxUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(sandboxUrl);
  const server = createServer((req, res) => {
    if (req.url === '/.well-known/oauth-protected-resource') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ authorization_servers: [sandboxUrl] }));
      return;
    }
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

test('a school that signs in on another site: its origin is shown before the browser opens, and in Settings', async ({ page, sandbox, consent, consentLog }) => {
  const school = await schoolSigningInAt(sandbox.url);
  try {
    consent.decision = 'Leave';
    await page.getByLabel("Your school's address").fill(school.url);
    await page.locator('form.address-form').getByRole('button', { name: 'Connect' }).click();
    const notice = page.getByTestId('sign-in-origin');
    await expect(notice).toContainText(sandbox.url);
    await expect(page.getByRole('link', { name: 'Open the sign-in page' })).toBeVisible();
    expect(new URL(consentLog.opened[0]!).origin).toBe(sandbox.url);
    await page.screenshot({ path: test.info().outputPath('sign-in-origin.png') });
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Sign-in cancelled');

    consent.decision = 'Allow';
    await page.locator('form.address-form').getByRole('button', { name: 'Connect' }).click();
    await expect(activeAdmin(page)).toHaveText(sandbox.platform.admin.name);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByTestId('settings-sign-in-origin')).toContainText(sandbox.url);
  } finally {
    await school.close();
  }
});
