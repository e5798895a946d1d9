// /api/push: the VAPID public key (public), and a signed-in device registering or removing its
// Web Push subscription. Sending is the notifier's job (api/push/web-push-notifier.ts).
import { Hono } from 'hono';
import { requireUser } from '../auth/require-user';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJson } from '../http/read-json';
import { describeZodError } from '../../src/shared/validation';
import { budgetLimit } from '../http/over-budget';
import { subscribeSchema, unsubscribeSchema } from '../push/subscription-schema';
import { deleteSubscription, saveSubscription } from '../push/subscription-store';
import { PUSH_ENDPOINT_TAKEN } from '../../src/shared/push-devices';

export function pushRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const subscribe = subscribeSchema({
    production: deps.production ?? false,
    allowLoopback: deps.allowLoopbackPush ?? false,
  });
  const limited = budgetLimit(deps);

  app.get('/push/public-key', (c) => {
    const publicKey = deps.notifier?.publicKey;
    if (!publicKey)
      return c.json({ error: 'Push notifications are not set up on this server' }, 503);
    c.header('Cache-Control', 'no-cache');
    return c.json({ publicKey });
  });

  app.post('/push/subscribe', requireUser(deps.verifier), limited, async (c) => {
    const parsed = subscribe.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const { endpoint, keys } = parsed.data;
    const saved = await saveSubscription(deps.db, { userId: c.get('userId'), endpoint, ...keys });
    if (saved === 'taken') return c.json({ error: PUSH_ENDPOINT_TAKEN }, 409);
    return c.json({ ok: true });
  });

  app.post('/push/unsubscribe', requireUser(deps.verifier), limited, async (c) => {
    const parsed = unsubscribeSchema.safeParse(await readJson(c));
    if (!parsed.success) return c.json({ error: describeZodError(parsed.error) }, 400);
    const removed = await deleteSubscription(deps.db, c.get('userId'), parsed.data.endpoint);
    return c.json({ ok: true, removed });
  });
  return app;
}
