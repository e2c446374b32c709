// GET/POST /api/oauth/userinfo (OpenID Connect Core §5.3): the admin, and always the school the token is for.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from '../context';
import { readBody } from '../http/request';
import { NO_STORE, sendJson } from '../http/respond';
import { authenticateBearer, insufficientScope, tokenRequired } from '../protected-resource';

export async function handleUserInfo(ctx: SandboxContext, req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
  if (req.method === 'POST') await readBody(req); // the body carries nothing we use: tokens go in the header only
  const caller = authenticateBearer(ctx, req, url);
  if (caller.kind === 'anonymous') throw tokenRequired(ctx);
  const scopes = caller.accessToken.scopes;
  if (!scopes.includes('openid')) throw insufficientScope(ctx, 'openid');
  const { admin, schools } = ctx.identity;
  const school = schools.find((s) => s.id === caller.grant.schoolId);
  const claims: Record<string, unknown> = { sub: caller.grant.adminId };
  if (scopes.includes('profile')) {
    claims.name = admin.name;
    claims.picture = null;
  }
  if (scopes.includes('email')) {
    claims.email = admin.email;
    claims.email_verified = true;
  }
  claims.school_id = caller.grant.schoolId;
  claims.school = school ? { id: school.id, name: school.name, subdomain: school.subdomain, url: school.url } : null;
  sendJson(res, 200, claims, NO_STORE);
}
