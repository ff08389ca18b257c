import express, { Router } from 'express';
import { escapeHtml } from '../../src/shared/html';
import type { Payments } from './payments';
import type { Store } from './store';
import { OUTCOMES } from './types';

/**
 * The hosted test checkout: a plain HTML form where the tester picks the outcome, POSTed to its own URL, and a link back
 * to the shop that leaves the payment open (a member who walks away from the checkout).
 */
export function checkoutRoutes(deps: { store: Store; payments: Payments }): Router {
  const { store, payments } = deps;
  const router = Router();
  router.get('/checkout/:id', (req, res) => {
    const p = store.state.payments[req.params.id];
    if (!p) return void res.status(404).type('text/plain').send('Unknown payment');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action *");
    if (p.status !== 'open') {
      res
        .type('html')
        .send(
          page(
            'Payment',
            `<p>This payment is ${escapeHtml(p.status)}.</p><p><a href="${escapeHtml(p.redirectUrl)}">Back to the shop</a></p>`,
          ),
        );
      return;
    }
    const options = OUTCOMES.map(
      (s, i) => `<label class="opt"><input type="radio" name="status" value="${s}"${i === 0 ? ' checked' : ''}> ${s}</label>`,
    ).join('');
    res.type('html').send(
      page(
        'Test checkout',
        `<p class="what">${escapeHtml(p.description)}</p>
<p class="amount">${escapeHtml(p.amount.currency)} ${escapeHtml(p.amount.value)} · ${escapeHtml(p.method)}${p.brand ? ` (${escapeHtml(p.brand)})` : ''}${p.issuer ? ` · ${escapeHtml(p.issuer)}` : ''}</p>
<form method="post" action="/checkout/${escapeHtml(p.id)}">
<fieldset><legend>Outcome of this test payment</legend>${options}</fieldset>
<button type="submit">Complete test payment</button>
</form>
<p class="leave"><a href="${escapeHtml(p.redirectUrl)}">Back to the shop without paying</a> (the payment stays open, as when the member leaves the checkout)</p>`,
      ),
    );
  });

  router.post('/checkout/:id', express.urlencoded({ extended: false, limit: '4kb' }), (req, res) => {
    const p = store.state.payments[req.params.id];
    if (!p) return void res.status(404).type('text/plain').send('Unknown payment');
    const form: unknown = req.body;
    const picked = typeof form === 'object' && form !== null && 'status' in form ? form.status : undefined;
    const status = OUTCOMES.find((outcome) => outcome === picked);
    if (!status) return void res.status(400).type('text/plain').send('Pick an outcome');
    if (p.status === 'open') {
      payments.setStatus(p, status);
      // A pending payment (a bank that confirms later) settles to paid after the delay.
      if (status === 'pending') payments.scheduleSettlement(p);
    }
    res.redirect(303, p.redirectUrl);
  });

  return router;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · PSP simulator</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
fieldset{border:1px solid #888;border-radius:.5rem;padding:1rem}.opt{display:block;padding:.35rem 0}
button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem;background:#0b5cad;color:#fff;border:0;border-radius:.4rem}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f39c12;outline-offset:2px}.leave{margin-top:1.5rem}a{color:#0b5cad}.amount{font-size:1.25rem;font-weight:600}</style>
</head><body><main><h1>${title}</h1><p><strong>PSP simulator</strong> — no real money moves.</p>${body}</main></body></html>`;
}
