import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SESSION_COOKIE, type Sessions } from './sessions.ts';

/** /login's prerendered pages: served at /login only (serveWeb). */
const LOGIN_PAGES = new Set(['/login.html', '/login-anonymous.html']);

/** The addresses the build wrote a page with preload hints for: { '/': 'dashboard.html', … }, or none. */
function readScreens(webDist: string): Record<string, string> {
  const file = path.join(webDist, 'screens', 'screens.json');
  if (!fs.existsSync(file)) return {};
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const screens: Record<string, string> = {};
  for (const [address, name] of Object.entries(parsed as Record<string, unknown>)) {
    if (address.startsWith('/') && typeof name === 'string' && /^[a-z-]+\.html$/.test(name)) screens[address] = name;
  }
  return screens;
}

/**
 * The built SPA, when there is one (WEB_DIST; apps/web/dist by default): hashed assets cached for
 * good, /login's prerendered pages and the busy screens' pages under their addresses. Answers
 * whether there is one: the not-found handler then answers index.html (platform/errors.ts).
 */
export async function serveWeb(app: FastifyInstance, webDist: string | null, sessions: Sessions): Promise<boolean> {
  if (!webDist || !fs.existsSync(path.join(webDist, 'index.html'))) return false;
  const screens = readScreens(webDist);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    // The build writes .br and .gz beside every text asset: the smallest the browser accepts is sent.
    preCompressed: true,
    // '/' is one of the screens below when the build wrote their hints; index.html otherwise.
    index: screens['/'] ? false : 'index.html',
    // login.html is /login's page and screens/ the busy screens' pages, under their addresses only (below).
    allowedPath: (pathName) => !LOGIN_PAGES.has(pathName) && !pathName.startsWith('/screens/'),
    setHeaders(reply, filePath) {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // /login prerendered at build time (apps/web/scripts/prerender.mjs, decision 014): the form
  // paints before any script runs. Every other address of the app gets index.html (the not-found
  // handler). A browser that is not signed in gets the same page without the session check
  // (login-anonymous.html): no GET /api/me, so no 401 logged on its console. That is a browser with
  // no session cookie, or one whose cookie names no live session (expired, ended elsewhere, logged
  // out on another tab): the session is looked up as the API would, once. Only a live session gets
  // the page that asks, and the answer is then a 200 (decision 014).
  if (fs.existsSync(path.join(webDist, 'login.html'))) {
    const anonymous = fs.existsSync(path.join(webDist, 'login-anonymous.html'));
    const mayBeSignedIn = async (request: FastifyRequest): Promise<boolean> => {
      if (request.cookies[SESSION_COOKIE] === undefined) return false;
      try {
        await sessions.load(request);
        return request.auth !== null;
      } catch (error) {
        // The database unreachable: the page that asks, as before this check; the form still shows.
        request.log.warn({ err: error }, 'GET /login: the session could not be looked up');
        return true;
      }
    };
    app.get('/login', async (request, reply) => {
      const signedOut = anonymous && !(await mayBeSignedIn(request));
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie')
        .sendFile(signedOut ? 'login-anonymous.html' : 'login.html');
    });
  }
  // The busy screens' index.html with their chunks named up front
  // (apps/web/scripts/screen-hints.mjs): on a phone they download with the entry's, not after it
  // has run (decision 014).
  for (const [address, file] of Object.entries(screens)) {
    app.get(address, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(`screens/${file}`));
  }
  return true;
}
