import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Trying the portal from another device over plain http. With Secure cookies the server sends
 * `upgrade-insecure-requests`, so a page opened over plain http from a LAN address stays blank
 * (every asset is fetched over https) and a login would not stick (the browser drops Secure cookies
 * over http). Such a page gets a short explanation instead; localhost, where browsers keep Secure
 * cookies, stays as it is, and so does the API.
 */

export const PLAIN_HTTP_HINT = 'from another device this needs HTTPS, or start with COOKIE_SECURE=false for a trial';

/** No external assets, no script, no styles: it renders under the portal's strict CSP. */
export const PLAIN_HTTP_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ahente needs HTTPS here</title>
</head>
<body>
<h1>Ahente needs HTTPS here</h1>
<p>This portal's cookies are Secure, so a browser only keeps them over HTTPS, and this page was opened over plain http at an address other than localhost.</p>
<p>Serve Ahente over HTTPS (behind a reverse proxy, see "Behind a reverse proxy" in the README), or, for a trial on a local network, start it with COOKIE_SECURE=false:</p>
<pre>COOKIE_SECURE=false npm start</pre>
</body>
</html>
`;

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
function isLoopbackAddress(address: string): boolean {
  const ip = address.toLowerCase().replace(/^::ffff:/, '');
  if (net.isIPv4(ip)) return ip.startsWith('127.');
  return ip === '::1' || ip === '0:0:0:0:0:0:0:1';
}

/** A Host header naming this machine: localhost (and *.localhost) or a loopback address. */
function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '');
  const lower = name.toLowerCase().replace(/\.$/, '');
  return lower === 'localhost' || lower.endsWith('.localhost') || isLoopbackAddress(lower);
}

/**
 * A browser opening a page over plain http, straight from another machine. Loopback clients are
 * left alone (a reverse proxy on the same host, an SSH tunnel), as are requests for localhost
 * through a port mapping (Docker), and anything that came through a proxy: one that terminates
 * HTTPS without TRUST_PROXY still works with Secure cookies, as before.
 */
function needsHint(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || request.protocol !== 'http') return false;
  if (!String(request.headers.accept ?? '').includes('text/html')) return false;
  if (request.routeOptions.url?.startsWith('/api')) return false;
  const h = request.headers;
  if (h['x-forwarded-for'] || h['x-forwarded-proto'] || h['x-forwarded-host'] || h.forwarded) return false;
  return !isLoopbackAddress(request.ip) && !isLoopbackHost(h.host);
}

/** Registered on the root instance after helmet, when cookies are Secure. */
export function installPlainHttpHint(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!needsHint(request)) return;
    return reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(PLAIN_HTTP_PAGE);
  });
}

/**
 * Fastify's "Server listening at …" lines, with the hint beside each address another device
 * would use, when cookies are Secure.
 */
export function listeningText(cookieSecure: boolean): (address: string) => string {
  return (address) => {
    const text = `Server listening at ${address}`;
    if (!cookieSecure) return text;
    let host: string;
    try {
      host = new URL(address).host;
    } catch {
      return text;
    }
    return isLoopbackHost(host) ? text : `${text} (${PLAIN_HTTP_HINT})`;
  };
}
