import { createSandbox } from './sandbox';

// Process entry: `npm start -w @wps/vendor-sandbox` (or `tsx apps/vendor-sandbox/src/main.ts`).
// SANDBOX_PORT (0 = any free port; the chosen port is printed), SANDBOX_HOST, WPS_PLATFORM_URL,
// VENDOR_SANDBOX_SECRET (the same value the platform has).

const secret = process.env.VENDOR_SANDBOX_SECRET;
const platformUrl = process.env.WPS_PLATFORM_URL;
if (!secret || secret.length < 16 || !platformUrl) {
  console.error('vendor-sandbox: set WPS_PLATFORM_URL and VENDOR_SANDBOX_SECRET (16+ characters)');
  process.exit(2);
}
const { app } = createSandbox({ platformUrl, secret });
const address = await app.listen({
  port: Number(process.env.SANDBOX_PORT ?? 8257),
  host: process.env.SANDBOX_HOST ?? '127.0.0.1',
});
// Tests and scripts read this line to learn the port.
console.log(`vendor-sandbox listening ${address}`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started by a development server (VENDOR_SANDBOX_AUTOSTART) with an IPC channel: end with it, even when it was killed.
process.on('disconnect', stop);
