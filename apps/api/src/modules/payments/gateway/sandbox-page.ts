import { formatPaiseAsRupees, PAYMENT_METHODS, type PaymentMethod } from '@app/shared';
import type { SandboxPayment } from './sandbox.repository';

/**
 * The sandbox's hosted payment page (docs/payments.md, "The sandbox"): server-rendered HTML with a
 * plain form and a stylesheet of its own, so the site's Content-Security-Policy (no inline script
 * or style) holds. It plays the provider's page, which is why it is English only and looks unlike
 * the site; the banner says it is a sandbox on every screen.
 */
export const SANDBOX_PAGE_PREFIX = '/sandbox-pay';
export const SANDBOX_STYLESHEET = `${SANDBOX_PAGE_PREFIX}/sandbox.css`;

const METHOD_NAMES: Record<PaymentMethod, string> = { upi: 'UPI', card: 'Card', netbanking: 'Net banking' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const rupees = formatPaiseAsRupees;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox payment</title>
<link rel="stylesheet" href="${SANDBOX_STYLESHEET}">
</head>
<body>
<p class="banner" role="note"><strong>SANDBOX</strong> — a test payment page. No real money moves.</p>
<main class="card">
${body}
</main>
</body>
</html>
`;
}

/** The checkout: amount, order, the method (UPI, card, net banking) and the payer's three choices. */
export function renderCheckout(payment: SandboxPayment): string {
  const methods = PAYMENT_METHODS.map(
    (method) =>
      `<label class="method"><input type="radio" name="method" value="${method}"${method === payment.method ? ' checked' : ''}> ${METHOD_NAMES[method]}</label>`,
  ).join('\n');
  return layout(
    `Pay ${rupees(Number(payment.amount))}`,
    `<h1>Pay ${rupees(Number(payment.amount))}</h1>
<p class="order">Order <code>${escapeHtml(payment.order_id)}</code></p>
<form method="post" action="${SANDBOX_PAGE_PREFIX}/${escapeHtml(payment.token)}">
<fieldset>
<legend>Pay with</legend>
${methods}
</fieldset>
<div class="actions">
<button type="submit" name="action" value="approve" class="approve">Approve payment</button>
<button type="submit" name="action" value="decline" class="decline">Decline</button>
<button type="submit" name="action" value="abandon" class="abandon">Abandon and go back</button>
</div>
</form>`,
  );
}

/** A payment already decided: what happened, and the way back to the site. */
export function renderDecided(payment: SandboxPayment): string {
  const words = { created: 'waiting', succeeded: 'approved', failed: 'declined', abandoned: 'abandoned' } as const;
  return layout(
    'Payment finished',
    `<h1>This payment was ${words[payment.status]}</h1>
<p class="order">Order <code>${escapeHtml(payment.order_id)}</code> · ${rupees(Number(payment.amount))}</p>
<p><a class="back" href="${escapeHtml(payment.return_path)}">Back to the site</a></p>`,
  );
}

/** A payment whose window passed before the payer decided: it can no longer be paid. */
export function renderExpired(payment: SandboxPayment): string {
  return layout(
    'Payment expired',
    `<h1>This payment has expired</h1>
<p class="order">Order <code>${escapeHtml(payment.order_id)}</code> · ${rupees(Number(payment.amount))}</p>
<p>No money was taken. Please make a new deposit on the site.</p>
<p><a class="back" href="${escapeHtml(payment.return_path)}">Back to the site</a></p>`,
  );
}

export function renderNotFound(): string {
  return layout(
    'Not found',
    '<h1>No such payment</h1><p>This payment link is not valid.</p><p><a class="back" href="/">Back to the site</a></p>',
  );
}

export const SANDBOX_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f5;color:#17202c}
.banner{margin:0;padding:.75rem 1rem;background:#ffcc00;color:#17202c;text-align:center;font-size:.95rem}
.card{max-width:28rem;margin:1.5rem auto;padding:1.25rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{margin:0 0 .25rem;font-size:1.6rem}
.order{margin:0 0 1rem;color:#4a5565;word-break:break-all}
fieldset{border:1px solid #cfd6df;border-radius:.5rem;margin:0 0 1rem;padding:.5rem .75rem}
legend{padding:0 .25rem;font-weight:600}
.method{display:flex;align-items:center;gap:.5rem;min-height:2.75rem;cursor:pointer}
.method input{width:1.25rem;height:1.25rem}
.actions{display:grid;gap:.6rem}
button{min-height:3rem;border-radius:.5rem;border:1px solid #17202c;font:inherit;font-weight:600;cursor:pointer;background:#fff;color:#17202c}
button.approve{background:#0b7a3e;border-color:#0b7a3e;color:#fff}
button.decline{border-color:#b42318;color:#b42318}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #1d5fd1;outline-offset:2px}
.back{display:inline-block;padding:.6rem 0;color:#1d5fd1;font-weight:600}
`;
