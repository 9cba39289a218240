// A local OpenID Connect provider for tests (oidc-provider, run as its own process because it is ESM-only).
// Env: OIDC_PORT (0 = any), OIDC_CLIENTS (JSON client list), OIDC_ACCOUNTS (JSON: account id -> claims).
// Prints `OIDC_READY <issuer>` once it listens. Its sign-in form takes any login; the login is the account id.
import http from 'node:http';
import { Provider } from 'oidc-provider';

const clients = JSON.parse(process.env.OIDC_CLIENTS ?? '[]');
const accounts = JSON.parse(process.env.OIDC_ACCOUNTS ?? '{}');

const server = http.createServer();
server.listen(Number(process.env.OIDC_PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients,
    cookies: { keys: ['local-test-provider-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount(ctx, id) {
      return { accountId: id, async claims() { return { sub: id, ...(accounts[id] ?? {}) }; } };
    },
    // A first-party client: no consent screen, the grant is given on sign-in.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  process.stdout.write(`OIDC_READY ${issuer}\n`);
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.closeAllConnections?.();
    server.close(() => process.exit(0));
  });
}
