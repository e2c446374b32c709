// "Be the admin" in a real browser: the function an app under test calls instead of opening the system
// browser. It opens the authorization URL, answers the platform's consent page as a person would (the
// keyboard for Allow, to prove the page works without a mouse) and waits until the browser has loaded the
// app's loopback receiver page.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface ConsentOptions {
  decision: 'Allow' | 'Deny';
  /** Subdomain of the school to pick; default keeps the preselected one. */
  school?: string;
  /** How long to wait for each step (ms). Default 15 s. */
  timeoutMs?: number;
}

export class ConsentPageError extends Error {
  constructor(
    readonly code: 'no_consent_page' | 'unknown_school' | 'no_redirect',
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'ConsentPageError';
  }
}

/**
 * `browser` may also be a BrowserContext: then the consent page opens as a new tab of that context (the
 * end-to-end tests keep the app and the "system browser" in one context).
 */
export function consentClicker(browser: Browser | BrowserContext, options: ConsentOptions): (url: string) => Promise<void> {
  const timeout = options.timeoutMs ?? 15_000;
  return async (url: string) => {
    const redirectUri = new URL(url).searchParams.get('redirect_uri');
    const target = redirectUri ? new URL(redirectUri) : null;
    // Any port: the platform matches loopback redirects regardless of port (RFC 8252 §7.3), so does this.
    const isTarget = (u: URL) => target !== null && u.protocol === target.protocol && u.hostname === target.hostname && u.pathname === target.pathname;

    const page = await browser.newPage();
    page.setDefaultTimeout(timeout);
    try {
      let response = await page.goto(url, { waitUntil: 'load' });
      // Errors other than "unknown client / unregistered redirect" come straight back to the app, without a page.
      if (isTarget(new URL(page.url()))) return;
      response = (await signInToPlatformIfAsked(page)) ?? response;
      const allow = page.getByRole('button', { name: 'Allow', exact: true });
      if ((await allow.count()) === 0) {
        const text = (await page.locator('body').innerText().catch(() => '')).trim().slice(0, 300);
        throw new ConsentPageError('no_consent_page', `The authorization URL showed no consent page (HTTP ${response?.status() ?? '?'}): ${text}`);
      }
      // Chromium applies autofocus at the next rendering update; let it, so Tab below starts from Allow.
      await page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 2000 }).catch(() => undefined);
      if (options.school) await pickSchool(page, options.school);

      const arrived = page.waitForURL((u) => isTarget(u), { waitUntil: 'load', timeout });
      if (options.decision === 'Allow') {
        await focusWithTab(page, 'allow');
        await page.keyboard.press('Enter');
      } else {
        await page.getByRole('button', { name: 'Deny', exact: true }).click();
      }
      await arrived.catch((cause: unknown) => {
        throw new ConsentPageError('no_redirect', `The browser did not arrive at ${redirectUri ?? 'the redirect URI'} after ${options.decision}.`, { cause });
      });
    } finally {
      await page.close();
    }
  };
}

/**
 * The platform asks a browser that has not signed in there yet for its admin's credentials (once per
 * browser; a cookie remembers it). The sandbox shows its demo admin's credentials on that page: type them
 * in as a person would. Returns the response of the page that follows, or null when no sign-in was asked.
 */
export async function signInToPlatformIfAsked(page: Page): Promise<Awaited<ReturnType<Page['goto']>> | null> {
  const form = page.locator('form[action="/oauth/login"]');
  if ((await form.count()) === 0) return null;
  const email = (await page.locator('[data-demo=email]').textContent()) ?? '';
  const password = (await page.locator('[data-demo=password]').textContent()) ?? '';
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
  return response;
}

async function pickSchool(page: Page, subdomain: string): Promise<void> {
  const labels = page.locator('label').filter({ hasText: `(${subdomain})` });
  if ((await labels.count()) !== 1) {
    throw new ConsentPageError('unknown_school', `The consent page offers no school "${subdomain}".`);
  }
  await labels.locator('input[type=radio]').check();
}

/** Moves the focus to the button with the keyboard only (Tab), as a keyboard user would. */
async function focusWithTab(page: Page, decision: 'allow' | 'deny'): Promise<void> {
  const focused = () => page.evaluate((value) => {
    const el = document.activeElement;
    return el instanceof HTMLButtonElement && el.value === value;
  }, decision);
  for (let i = 0; i < 20; i += 1) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
  }
  throw new ConsentPageError('no_consent_page', `Could not reach the ${decision} button with the Tab key.`);
}
