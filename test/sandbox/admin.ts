// The test-only admin endpoints (/__sandbox/*): reachable from loopback only AND with the per-start secret
// in X-Sandbox-Admin, so nothing else on the machine (e.g. a web page) can change the platform's behaviour.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { SandboxContext } from './context';
import { KnobsPatch } from './knobs';
import { HttpError, readJsonBody } from './http/request';
import { sendJson } from './http/respond';
import { RecordOrderEvent } from './order-events';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const ForgetClient = z.union([z.object({ client_id: z.string().min(1) }).strict(), z.object({ all: z.literal(true) }).strict()]);

export interface AdminActions {
  forgetClient(clientId: string): boolean;
  forgetAllClients(): void;
  /** A refund, a new, newly paid or failed order, or a subscription whose renewal failed, as they happen on a platform. */
  recordOrderEvent?(input: RecordOrderEvent): unknown;
}

function authorized(req: IncomingMessage, secret: string): boolean {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return false;
  const given = Buffer.from(String(req.headers['x-sandbox-admin'] ?? ''));
  const wanted = Buffer.from(secret);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function handleAdmin(ctx: SandboxContext, secret: string, actions: AdminActions, req: IncomingMessage, url: URL, res: ServerResponse): Promise<void> {
  if (!authorized(req, secret)) throw new HttpError(403, 'forbidden', 'The sandbox admin endpoints need a loopback caller and the X-Sandbox-Admin secret.');
  if (url.pathname === '/__sandbox/knobs' && req.method === 'GET') return sendJson(res, 200, ctx.knobs.get());
  if (url.pathname === '/__sandbox/knobs' && req.method === 'POST') {
    const parsed = KnobsPatch.safeParse(await readJsonBody(req, { required: true }));
    if (!parsed.success) throw new HttpError(400, 'invalid_request', `Bad knobs: ${z.prettifyError(parsed.error)}`);
    return sendJson(res, 200, ctx.knobs.set(parsed.data));
  }
  if (url.pathname === '/__sandbox/forget-client' && req.method === 'POST') {
    const parsed = ForgetClient.safeParse(await readJsonBody(req, { required: true }));
    if (!parsed.success) throw new HttpError(400, 'invalid_request', 'Send {"client_id": "..."} or {"all": true}.');
    if ('all' in parsed.data) {
      actions.forgetAllClients();
      return sendJson(res, 200, { forgotten: 'all' });
    }
    return sendJson(res, 200, { forgotten: actions.forgetClient(parsed.data.client_id) });
  }
  if (url.pathname === '/__sandbox/orders/record' && req.method === 'POST' && actions.recordOrderEvent) {
    const parsed = RecordOrderEvent.safeParse(await readJsonBody(req, { required: true }));
    if (!parsed.success) throw new HttpError(400, 'invalid_request', `Send {"kind": "refund" | "create" | "pay" | "payment_failed" | "subscription_past_due", "school_id"?, "order_id"?, "paid"?, "subscription_id"?, "at"?}: ${z.prettifyError(parsed.error)}`);
    return sendJson(res, 200, actions.recordOrderEvent(parsed.data));
  }
  throw new HttpError(404, 'not_found', 'Unknown sandbox admin endpoint.');
}
