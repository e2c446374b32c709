// "Use a client ID from your platform", the walkthrough link on a failed sign-in, the sign-in server's origin
// when it is not the school's, and a hostile address naming the connected school's sign-in server (refused
// before the browser opens, no token reaches it), end to end in browser mode against the sandbox. The test
// arranges the integration "out of band" itself: it registers a confidential client (client_secret_post) at
// the sandbox with its own HTTP call, as the platform's staff would, and hands the client ID and secret to the
// admin. The sandbox checks the secret at its token endpoint, so signing in proves the app sent it.
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures/app';
import { activeAdmin, connectDemoSchool, connectedAccounts, openAccountMenu } from './fixtures/app-actions';

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

/** What a server in front of the sandbox saw: every request, with its headers and body. */
interface SeenRequest { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string }

/**
 * A site in front of the sandbox: its protected-resource metadata names the sandbox as the sign-in server
 * (`resource` when given), and when `proxying` everything else is passed through to the sandbox.
 */
async function siteInFront(sandboxUrl: string, options: { resource: 'own address' | 'none'; proxying: boolean }): Promise<{ url: string; seen: SeenRequest[]; close(): Promise<void> }> {
  const target = new URL(sandboxUrl);
  const seen: SeenRequest[] = [];
  let url = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers }, body: body.toString('utf8') });
      if (req.url === '/.well-known/oauth-protected-resource') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...(options.resource === 'own address' ? { resource: url } : {}), authorization_servers: [sandboxUrl] }));
        return;
      }
      if (!options.proxying) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"error":"not_found"}');
        return;
      }
      const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

test('a school whose own site signs in on the platform it names and that vouches for it: its origin is shown before the browser opens, and in Settings', async ({ page, sandbox, consent, consentLog }) => {
  const school = await siteInFront(sandbox.url, { resource: 'own address', proxying: true });
  sandbox.serveResource(school.url); // the platform lists the school's site among the APIs it serves
  try {
    consent.decision = 'Leave';
    await page.getByLabel("Your school's address").fill(school.url);
    await page.locator('form.address-form').getByRole('button', { name: 'Connect' }).click();
    const notice = page.getByTestId('sign-in-origin');
    await expect(notice).toContainText(sandbox.url);
    await expect(page.getByRole('link', { name: 'Open the sign-in page' })).toBeVisible();
    expect(new URL(consentLog.opened[0]!).origin).toBe(sandbox.url);
    expect(new URL(consentLog.opened[0]!).searchParams.get('resource')).toBe(school.url);
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

test('an address that names the connected school’s platform as its sign-in server is refused before the browser opens, with or without proxying; no token reaches it and the school keeps working', async ({ page, sandbox, host, consentLog, tokens }) => {
  const school = sandbox.platform.schools[0]!;
  await connectDemoSchool(page, school.name);
  const [connected] = await connectedAccounts(host);
  const hostileRequests: SeenRequest[] = [];

  for (const proxying of [false, true]) {
    const hostile = await siteInFront(sandbox.url, { resource: 'none', proxying });
    try {
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: 'Add a school' }).click();
      await page.getByLabel("Your school's address").fill(hostile.url);
      await page.locator('form.address-form').getByRole('button', { name: 'Connect' }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText("The platform didn't identify itself correctly");
      await expect(alert).toContainText(`${hostile.url} sends you to sign in at ${sandbox.url}, which does not list ${hostile.url} among the APIs it serves`);
      await expect(alert.getByRole('link', { name: "Read your platform's sign-in walkthrough" })).toHaveCount(0);
      if (proxying) await page.screenshot({ path: test.info().outputPath('hostile-address-refused.png') });
      expect(consentLog.opened).toHaveLength(1); // only the first, real connect opened the browser
      await page.getByRole('link', { name: `← Back to ${school.name}` }).click();
    } finally {
      await hostile.close();
    }
    hostileRequests.push(...hostile.seen);
  }

  // Nothing that could carry a token ever reached the hostile address: no Authorization header, no token anywhere.
  expect(hostileRequests.length).toBeGreaterThan(0);
  const issued = tokens.issued();
  expect(issued.length).toBeGreaterThan(0);
  for (const request of hostileRequests) {
    expect(request.headers.authorization, `${request.method} ${request.url}`).toBeUndefined();
    const everything = `${request.url}\n${JSON.stringify(request.headers)}\n${request.body}`;
    for (const token of issued) expect(everything.includes(token), `${request.method} ${request.url}`).toBe(false);
  }

  // The connected school is as it was, and keeps working against the real platform.
  expect(await connectedAccounts(host)).toEqual([expect.objectContaining({ id: connected!.id, issuer: sandbox.url, signInOrigin: null, status: 'signed_in' })]);
  sandbox.stats.reset();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByTestId('orders-match-count')).toHaveAttribute('data-count', /^[1-9]/);
  await expect.poll(() => Object.keys(sandbox.stats.byPath()).some((path) => path.startsWith('/api/v1/'))).toBe(true);
});
