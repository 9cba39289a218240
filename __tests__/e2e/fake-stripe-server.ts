/**
 * Runs the stand-in for Stripe's API and payment page for the e2e server (playwright.config.ts starts it):
 * `tsx __tests__/e2e/fake-stripe-server.ts <port> <secret key>`.
 */
import { startFakeStripe } from '../api/helpers/fake-stripe';

async function main() {
  const [port, secretKey] = process.argv.slice(2);
  const stripe = await startFakeStripe(secretKey, Number(port));
  process.stdout.write(`fake Stripe at ${stripe.baseUrl}\n`);
  const stop = () => void stripe.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
