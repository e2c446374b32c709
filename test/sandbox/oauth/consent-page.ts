// The consent page: server-rendered, self-contained (no external assets), locked down by CSP. Allow is
// first in the form so that Enter anywhere in it (implicit submission uses the first button) never denies
// by accident, and it has the focus when the page opens.
import { randomBytes } from 'node:crypto';
import type { School } from '../../../shared/platform/resources';
import { describeScope } from '../../../shared/scopes';
import { escapeHtml } from '../http/respond';

interface ConsentPageInput {
  baseUrl: string;
  requestId: string;
  clientName: string;
  admin: { name: string; email: string };
  schools: School[];
  /** The school the request named (`school=`): checked first; default the first school. */
  preselectedSchoolId?: string;
  scopes: string[];
  /** The form's answer redirects there, so CSP form-action must allow it (Chromium checks redirects). */
  redirectOrigin: string;
}

interface RenderedPage {
  html: string;
  headers: Record<string, string>;
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2433; }
  main { max-width: 34rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 2px 12px #0002; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .who { color: #4a5468; }
  ul.scopes { padding-left: 1.2rem; }
  ul.scopes code { color: #6b7385; font-size: .85em; }
  fieldset { border: 1px solid #d6d9e0; border-radius: 8px; margin: 1rem 0; }
  label { display: block; padding: .25rem 0; }
  .buttons { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .6rem 1.6rem; border-radius: 8px; border: 1px solid #1d4ed8; cursor: pointer; }
  button[value=allow] { background: #1d4ed8; color: #fff; }
  button[value=deny] { background: #fff; color: #1d4ed8; }
  :focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

function pageHeaders(nonce: string, formAction: string): Record<string, string> {
  return {
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

function layout(title: string, nonce: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function renderConsentPage(input: ConsentPageInput): RenderedPage {
  const nonce = randomBytes(16).toString('base64');
  const checkedId = input.schools.some((s) => s.id === input.preselectedSchoolId) ? input.preselectedSchoolId : input.schools[0]?.id;
  const schools = input.schools
    .map(
      (school) => `<label><input type="radio" name="school" value="${escapeHtml(school.id)}"${school.id === checkedId ? ' checked' : ''}>
        ${escapeHtml(school.name)} <span class="who">(${escapeHtml(school.subdomain)})</span></label>`,
    )
    .join('\n');
  const scopes = input.scopes.map((scope) => `<li>${escapeHtml(describeScope(scope))} <code>${escapeHtml(scope)}</code></li>`).join('\n');
  const body = `
  <h1>${escapeHtml(input.clientName)} wants to access your school</h1>
  <p class="who">Signed in as <strong>${escapeHtml(input.admin.name)}</strong> (${escapeHtml(input.admin.email)}) on the course platform at ${escapeHtml(input.baseUrl)}</p>
  <form method="post" action="/oauth/authorize/decision">
    <input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
    <fieldset><legend>School</legend>
      ${schools}
    </fieldset>
    <p>It will be able to:</p>
    <ul class="scopes">${scopes}</ul>
    <div class="buttons">
      <button type="submit" name="decision" value="allow" autofocus>Allow</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </div>
  </form>`;
  return { html: layout('Allow access?', nonce, body), headers: pageHeaders(nonce, `'self' ${input.redirectOrigin}`) };
}

export function errorPage(title: string, message: string): RenderedPage {
  const nonce = randomBytes(16).toString('base64');
  const body = `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>`;
  return { html: layout(title, nonce, body), headers: pageHeaders(nonce, "'none'") };
}

interface LoginPageInput {
  baseUrl: string;
  /** Null when the page only explains that the sign-in expired (no form). */
  loginId: string | null;
  email: string;
  password: string;
  error?: string;
}

/** The platform's demo admin sign-in, shown once per browser before the first consent page. */
export function loginPage(input: LoginPageInput): RenderedPage {
  const nonce = randomBytes(16).toString('base64');
  const error = input.error ? `<p role="alert" class="error">${escapeHtml(input.error)}</p>` : '';
  const form = input.loginId === null ? '' : `
  <form method="post" action="/oauth/login">
    <input type="hidden" name="login_id" value="${escapeHtml(input.loginId)}">
    <label>Email <input type="email" name="email" autocomplete="username" required autofocus></label>
    <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
    <div class="buttons"><button type="submit" value="sign-in">Sign in</button></div>
  </form>
  <p class="demo">Demo admin: <strong data-demo="email">${escapeHtml(input.email)}</strong>, password <strong data-demo="password">${escapeHtml(input.password)}</strong></p>`;
  const body = `
  <h1>Sign in to the course platform</h1>
  <p class="who">${escapeHtml(input.baseUrl)}</p>
  ${error}${form}`;
  const page = layout('Sign in', nonce, body);
  return { html: page.replace('</style>', `${LOGIN_STYLE}</style>`), headers: pageHeaders(nonce, "'self'") };
}

const LOGIN_STYLE = `
  form label { display: grid; gap: .25rem; margin: .75rem 0; }
  input[type=email], input[type=password] { font: inherit; padding: .5rem .6rem; border: 1px solid #8b93a5; border-radius: 6px; }
  button[value=sign-in] { background: #1d4ed8; color: #fff; }
  .error { color: #b42318; }
  .demo { color: #4a5468; font-size: .9rem; margin-top: 1.5rem; }
`;
