// The development provider's checkout page: a plain server page (no app code), so the browser
// really leaves the app and comes back, as it does with Stripe.
import { PREMIUM_PLAN, PREMIUM_PRICE_TEXT } from './plan';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --surface: #f6f5f2; --card: #fff; --text: #16181c; --muted: #5b6070; --link: #1d4fd1; }
@media (prefers-color-scheme: dark) { :root { --surface: #14161a; --card: #1d2026; --text: #f2f3f5;
  --muted: #a3a9b6; --link: #7aa2ff; } }
body { margin: 0; background: var(--surface); color: var(--text); }
main { max-width: 26rem; margin: 0 auto; padding: 24px 16px; display: grid; gap: 16px; }
.banner { margin: 0; padding: 12px 16px; border-radius: 12px; background: #fff3cd; color: #3d2e00;
  border: 2px dashed #b38600; font-weight: 700; }
.card { background: var(--card); border-radius: 12px; padding: 16px; box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
h1 { font-size: 22px; margin: 0; }
p { margin: 0; font-size: 15px; }
.muted { color: var(--muted); }
.price { font-size: 28px; font-weight: 700; font-variant-numeric: tabular-nums; }
form, .actions { display: grid; gap: 12px; }
button { min-height: 48px; border-radius: 999px; border: 1px solid #ff6a13; background: #ff6a13;
  color: #1a0d05; font: inherit; font-size: 17px; font-weight: 700; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
a { color: var(--link); display: inline-flex; align-items: center; min-height: 44px; font-size: 15px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">Development payment provider — no real money</p>
${body}
</main>
</body>
</html>`;
}

export function devCheckoutPage(input: {
  sessionId: string;
  returnPath: string;
  status: 'open' | 'complete' | 'unknown';
}): string {
  const back = escapeHtml(input.returnPath);
  if (input.status === 'unknown') {
    return page(
      'Checkout not found',
      `<h1>Checkout not found</h1>
<p>This checkout link is not valid any more. Start again from the subscription page.</p>
<a href="/subscribe">Back to Diecast Garage</a>`,
    );
  }
  if (input.status === 'complete') {
    return page(
      'Already paid',
      `<h1>Already paid</h1>
<p>This checkout is complete: your subscription is active.</p>
<a href="${back}?session_id=${escapeHtml(input.sessionId)}">Back to Diecast Garage</a>`,
    );
  }
  const action = `/api/premium/dev-checkout/${encodeURIComponent(input.sessionId)}?return=${encodeURIComponent(input.returnPath)}`;
  return page(
    `Pay for ${PREMIUM_PLAN.name} (development)`,
    `<h1>Checkout</h1>
<section class="card" aria-label="Your plan">
<p>${escapeHtml(PREMIUM_PLAN.name)}</p>
<p class="price">${escapeHtml(PREMIUM_PRICE_TEXT)}</p>
<p class="muted">This server has no payment provider configured, so this page stands in for one.
Pressing Pay completes the checkout at once and charges nothing.</p>
</section>
<form method="post" action="${escapeHtml(action)}" class="actions">
<button type="submit">Pay</button>
</form>
<a href="${back}">Cancel and go back</a>`,
  );
}
