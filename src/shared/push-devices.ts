// How many devices a collector may register for alerts, and who may register an endpoint: the
// numbers and words the server answers with (api/push/subscription-store.ts, docs/api.md).

/**
 * Devices per collector. A new one past this replaces the one registered longest ago instead of
 * being refused: browsers drop subscriptions silently (a reinstall, cleared site data), so a
 * collector cannot always remove an old device, and refusing would lock their new phone out.
 * One alert so never fans out to more than this many sends.
 */
export const MAX_PUSH_DEVICES = 10;

/**
 * Answered (409) when another account has registered the endpoint and this request does not
 * carry the subscription's own keys: only the browser holding a subscription knows its auth
 * secret, so a request without it cannot take alerts away from the account that has them.
 */
export const PUSH_ENDPOINT_TAKEN =
  'This push endpoint is registered to another account: turn alerts off and on again on this device';
