// The DEVELOPMENT payment provider: no real money. Checkout is a page of this server
// (/api/premium/dev-checkout/{id}) whose 'Pay' button completes the session locally. Used when
// Stripe is not configured (the embedded default and tests), never in production.
import { randomUUID } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';

export const DEV_CHECKOUT_PATH = '/api/premium/dev-checkout';

export function developmentPaymentProvider(): PaymentProvider {
  return {
    name: 'development',
    async createCheckout({ returnUrl }) {
      const sessionId = `dev_cs_${randomUUID().replaceAll('-', '')}`;
      // The return path rides along so the page knows where to send the browser back.
      const back = new URL(returnUrl);
      const query = new URLSearchParams({ return: back.pathname });
      return {
        sessionId,
        url: `${back.origin}${DEV_CHECKOUT_PATH}/${sessionId}?${query.toString()}`,
      };
    },
  };
}

/** Only a same-origin path may be a return target (no open redirect through this page). */
export function safeReturnPath(candidate: string | undefined): string {
  return candidate && /^\/(?![/\\])[\w\-./]*$/.test(candidate) ? candidate : '/subscribe';
}
