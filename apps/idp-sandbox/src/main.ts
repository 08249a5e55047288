import { createIdp } from './idp';

// Process entry: `npm start -w @wps/idp-sandbox` (or `tsx apps/idp-sandbox/src/main.ts`).
// IDP_PORT (0 = any free port; the issuer is printed), IDP_HOST, IDP_CLIENT_ID, IDP_CLIENT_SECRET,
// IDP_REDIRECT_URIS (comma-separated: the platform's /wps/oidc/callback).

const clientId = process.env.IDP_CLIENT_ID ?? 'wps-local';
const clientSecret = process.env.IDP_CLIENT_SECRET;
const redirectUris = (process.env.IDP_REDIRECT_URIS ?? '').split(',').filter(Boolean);
if (!clientSecret || clientSecret.length < 16 || redirectUris.length === 0) {
  console.error('idp-sandbox: set IDP_CLIENT_SECRET (16+ characters) and IDP_REDIRECT_URIS');
  process.exit(2);
}
const idp = await createIdp({
  port: Number(process.env.IDP_PORT ?? 8259),
  host: process.env.IDP_HOST ?? '127.0.0.1',
  clientId,
  clientSecret,
  redirectUris,
});
// The starting server reads this line to learn the issuer.
console.log(`idp-sandbox listening ${idp.issuer}`);
const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started by a development server with an IPC channel: end with it, even when it was killed.
process.on('disconnect', stop);
