import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A checkout session as the stand-in keeps it, in Stripe's field names. */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  client_reference_id: string | null;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  /** Point STRIPE_API_BASE here. */
  baseUrl: string;
  secretKey: string;
  sessions: Map<string, FakeCheckoutSession>;
  /** Every request as received: method, path, headers and the decoded form. */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; form: Record<string, string> }[];
  /** What the customer does on the payment page. */
  pay(id: string): void;
  expire(id: string): void;
  /** Answer every request with this HTTP status (a Stripe outage), or null for normal service. */
  failWith: number | null;
  close(): Promise<void>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Stripe's hosted payment page, reduced to what a test needs: pay, or go back without paying. */
function paymentPage(session: FakeCheckoutSession): string {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title></head><body><main>
<h1>Pay ${escapeHtml(amount)}</h1>
<form method="post" action="/pay/${session.id}/complete"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button type="submit">Cancel and go back</button></form>
</main></body></html>`;
}

/**
 * A small local HTTP server standing in for the two calls of Stripe's API the site makes: create and retrieve a
 * Checkout Session (form-encoded in, JSON out, Bearer secret key, Stripe's error shape). It also serves a stand-in
 * for the hosted payment page at the session's `url`, which sends the browser back as Stripe does.
 */
export async function startFakeStripe(secretKey = 'sk_test_fake_0123456789', port = 0): Promise<FakeStripe> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: FakeStripe['requests'] = [];
  let counter = 0;
  // Unique across restarts, as Stripe's are: a database kept between runs must not see an id twice.
  const run = randomBytes(4).toString('hex');
  const fake = { failWith: null as number | null };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, form });
      const send = (status: number, body: unknown) => {
        res.statusCode = status;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(body));
      };
      if (path === '/health') return send(200, { status: 'ok' });
      const pay = /^\/pay\/([^/]+)(?:\/(complete|cancel))?$/.exec(path);
      if (pay) {
        const session = sessions.get(pay[1]);
        if (!session) return send(404, { error: { message: 'No such payment page' } });
        if (!pay[2]) {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          return res.end(paymentPage(session));
        }
        if (pay[2] === 'complete') Object.assign(session, { status: 'complete', payment_status: 'paid' });
        res.statusCode = 303;
        res.setHeader('Location', pay[2] === 'complete' ? session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) : session.cancel_url);
        return res.end();
      }
      if (fake.failWith) return send(fake.failWith, { error: { type: 'api_error', message: 'Something went wrong' } });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        counter += 1;
        const id = `cs_test_${run}${String(counter).padStart(6, '0')}`;
        const session: FakeCheckoutSession = {
          id,
          object: 'checkout.session',
          url: `http://127.0.0.1:${boundPort()}/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.client_reference_id ?? null,
          amount_total: Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1),
          currency: form['line_items[0][price_data][currency]'],
          customer_email: form.customer_email ?? null,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([key]) => key.startsWith('metadata['))
              .map(([key, value]) => [key.slice(9, -1), value]),
          ),
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1]));
        if (!session) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${match[1]}'` } });
        return send(200, session);
      }
      return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  const boundPort = () => (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${boundPort()}`,
    secretKey,
    sessions,
    requests,
    pay(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no checkout ${id}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
    },
    expire(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no checkout ${id}`);
      Object.assign(session, { status: 'expired' });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
