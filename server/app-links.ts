import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The app association files (SPEC §2: /apple-app-site-association, /.well-known/assetlinks.json), from the
 * environment. With nothing configured both files are valid and associate no app, so links simply open in the browser.
 */

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Member-facing paths an app may open instead of the browser; the login and account pages stay on the web. */
const DEFAULT_APP_PATHS = ['/magazine/*', '/magazines/*', '/stories/*', '/q/temp/*', '/journals', '/search'];

/**
 * Apple's format: `appIDs` and `components` for iOS 13 and later, `appID` and `paths` for older systems.
 * IOS_APP_IDS: comma list of TEAMID.bundle.id; IOS_APP_PATHS: comma list of paths (default: the reading paths).
 */
export function appleAppSiteAssociation(env: NodeJS.ProcessEnv = process.env) {
  const appIDs = list(env.IOS_APP_IDS);
  const paths = list(env.IOS_APP_PATHS);
  const appPaths = paths.length > 0 ? paths : DEFAULT_APP_PATHS;
  return {
    applinks: {
      apps: [],
      details: appIDs.length === 0 ? [] : [{ appIDs, components: appPaths.map((path) => ({ '/': path })), paths: appPaths }],
    },
    webcredentials: { apps: appIDs },
  };
}

/**
 * Android's Digital Asset Links. ANDROID_PACKAGE_NAME: the app's package; ANDROID_SHA256_CERT_FINGERPRINTS: comma list
 * of its signing certificates' SHA-256 fingerprints (AB:CD:...).
 */
export function androidAssetLinks(env: NodeJS.ProcessEnv = process.env) {
  const packageName = env.ANDROID_PACKAGE_NAME?.trim();
  const fingerprints = list(env.ANDROID_SHA256_CERT_FINGERPRINTS);
  if (!packageName || fingerprints.length === 0) return [];
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
      target: { namespace: 'android_app', package_name: packageName, sha256_cert_fingerprints: fingerprints },
    },
  ];
}

/** Apple and Google fetch these without redirects and want exactly application/json; GET and HEAD only. */
export function sendAssociationFile(req: IncomingMessage, res: ServerResponse, body: unknown): void {
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.statusCode = 405;
    res.setHeader('Allow', 'GET, HEAD');
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ status: 405, message: `Method ${req.method} not allowed` }));
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json');
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
}
