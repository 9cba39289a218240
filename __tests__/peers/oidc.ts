import { spawn } from 'node:child_process';
import path from 'node:path';

export interface OidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcPeer {
  issuer: string;
  stop(): Promise<void>;
}

/** Starts the local OpenID Connect provider (__tests__/peers/oidc-provider.mjs) in its own process. */
export async function startOidcPeer(options: { clients: OidcClient[]; accounts?: Record<string, Record<string, unknown>>; port?: number }): Promise<OidcPeer> {
  const script = path.join(__dirname, 'oidc-provider.mjs');
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      OIDC_PORT: String(options.port ?? 0),
      OIDC_CLIENTS: JSON.stringify(options.clients),
      OIDC_ACCOUNTS: JSON.stringify(options.accounts ?? {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`OIDC provider did not start: ${output}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /OIDC_READY (\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`OIDC provider exited (${code}): ${output}`));
    });
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
