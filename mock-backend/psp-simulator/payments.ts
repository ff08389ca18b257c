import { randomUUID } from 'node:crypto';
import type { Store } from './store';
import type { SimPayment, SimStatus, SimEvent } from './types';
import type { Delivery } from './webhooks';

/** An open bank transfer stays open 14 days: 12 business days and 2 days' grace for the member's transfer to come. */
const TRANSFER_OPEN_MS = 14 * 24 * 3_600_000;

/** A payment's life: status changes (each an event delivered as a webhook), settling, expiry, and its API view. */
export interface Payments {
  setStatus(p: SimPayment, status: SimStatus, type?: string): void;
  /** An event that is not a status change (a chargeback): recorded and delivered. */
  addEvent(p: SimPayment, type: string): void;
  /** A pending payment (direct debit, a bank that confirms later) settles to paid after the settle delay. */
  scheduleSettlement(p: SimPayment): void;
  /** An open payment nobody completed expires after `expireOpenAfterMs` (a bank transfer after 14 days), as a real PSP's does. */
  expireIfStale(p: SimPayment): void;
  /** The payment as the API answers it (without its events; a checkout link and whether it can be cancelled while open). */
  view(p: SimPayment): Omit<SimPayment, 'events' | 'cancelable'> & { isCancelable?: boolean; _links: { checkout?: { href: string } } };
}

export function createPayments(args: {
  store: Store;
  delivery: Delivery;
  settleDelayMs: number;
  expireOpenAfterMs: number;
  publicUrl: () => string;
}): Payments {
  const { store, delivery } = args;
  const record = (p: SimPayment, event: SimEvent) => {
    p.events.push(event);
    store.save();
    delivery.deliver(p, event);
  };
  const setStatus: Payments['setStatus'] = (p, status, type = 'payment.status_changed') => {
    p.status = status;
    record(p, { id: `msg_${randomUUID()}`, type, status, at: new Date().toISOString() });
  };
  return {
    setStatus,
    addEvent(p, type) {
      record(p, { id: `msg_${randomUUID()}`, type, status: p.status, at: new Date().toISOString() });
    },
    scheduleSettlement(p) {
      delivery.later(args.settleDelayMs, () => {
        const current = store.state.payments[p.id];
        if (current && current.status === 'pending') setStatus(current, 'paid');
      });
    },
    expireIfStale(p) {
      const openFor = p.method === 'banktransfer' ? TRANSFER_OPEN_MS : args.expireOpenAfterMs;
      if (p.status === 'open' && Date.now() - Date.parse(p.createdAt) > openFor) setStatus(p, 'expired');
    },
    view(p) {
      const { events: _events, cancelable, ...rest } = p;
      const open = p.status === 'open';
      return {
        ...rest,
        ...(open ? { isCancelable: cancelable !== false } : {}),
        _links: open ? { checkout: { href: `${args.publicUrl()}/checkout/${p.id}` } } : {},
      };
    },
  };
}
