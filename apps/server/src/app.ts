import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { randomToken, nowIso } from './platform/tokens.ts';
import { createCsrf, type Csrf } from './platform/csrf.ts';
import { installApiNotFound, installErrorHandler, installNotFound } from './platform/errors.ts';
import {
  declarePublicScope,
  enforceAccess,
  enforceOwnership,
  requireAccessEverywhere,
  requireRouteTable,
  TOKEN_ROUTES,
} from './platform/guards.ts';
import { installAccessLog } from './platform/access-log.ts';
import { installIdempotency } from './platform/idempotency.ts';
import { loggerOptions } from './platform/logging.ts';
import { registerApiDocs, registerOpenApi } from './platform/openapi.ts';
import { installPlainHttpHint } from './platform/plain-http-hint.ts';
import { secretRepository } from './platform/secret-repository.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { createSessions, sessionBinding, type Sessions } from './platform/sessions.ts';
import { storageOf } from './platform/storage-of.ts';
import { serveWeb } from './platform/web-app.ts';
import { authRoutes } from './features/auth/routes.ts';
import { commissionsRoutes } from './features/commissions/routes.ts';
import { taxRoutes } from './features/tax/routes.ts';
import { createTaxService } from './features/tax/service.ts';
import { createCommissionsService } from './features/commissions/service.ts';
import { createAuthService } from './features/auth/service.ts';
import { dealsRoutes } from './features/deals/routes.ts';
import { createDealsService } from './features/deals/service.ts';
import { geoRoutes } from './features/geo/routes.ts';
import { createGeoService } from './features/geo/service.ts';
import { healthRoutes } from './features/health/routes.ts';
import { insurersRoutes } from './features/insurers/routes.ts';
import { createInsurersService } from './features/insurers/service.ts';
import { licencesRoutes } from './features/licences/routes.ts';
import { createLicencesService } from './features/licences/service.ts';
import { createHealthService } from './features/health/service.ts';
import { materialsRoutes } from './features/materials/routes.ts';
import { createMaterialsService } from './features/materials/service.ts';
import { membersRoutes } from './features/members/routes.ts';
import { createAccountService } from './features/members/account-service.ts';
import { createMemberFilesService } from './features/members/member-files-service.ts';
import { createProfileService } from './features/members/profile-service.ts';
import { createTeamService } from './features/members/team-service.ts';
import { reconciliationRoutes } from './features/reconciliation/routes.ts';
import { createReconciliationService } from './features/reconciliation/service.ts';
import { reportsRoutes } from './features/reports/routes.ts';
import { createReportsService } from './features/reports/service.ts';
import { salesRoutes } from './features/sales/routes.ts';
import { adminQueuesRoutes } from './features/dashboard/admin-queues-routes.ts';
import { createAdminQueuesService } from './features/dashboard/admin-queues-service.ts';
import { settingsRoutes } from './features/settings/routes.ts';
import { createSettingsService } from './features/settings/service.ts';
import { setupChecklistRoutes } from './features/dashboard/setup-checklist-routes.ts';
import { createSetupChecklistService } from './features/dashboard/setup-checklist-service.ts';
import { createSalesService } from './features/sales/service.ts';
import { ticketsRoutes } from './features/tickets/routes.ts';
import { createTicketsService } from './features/tickets/service.ts';
import { createNotificationsService } from './features/notifications/service.ts';
import { createRemindersService } from './features/reminders/service.ts';
import { portfolioRoutes } from './features/portfolio/routes.ts';
import { proposalsRoutes } from './features/proposals/routes.ts';
import { createProposalsService } from './features/proposals/service.ts';
import { estoreRoutes } from './features/estore/routes.ts';
import { createEstoreService } from './features/estore/service.ts';
import { universityRoutes } from './features/university/routes.ts';
import { createUniversityService } from './features/university/service.ts';
import { createPortfolioService } from './features/portfolio/service.ts';
import { notificationsRoutes } from './features/notifications/routes.ts';
import { noticeRoutes } from './features/privacy/notice-routes.ts';
import { createNoticeService } from './features/privacy/notice-service.ts';
import { myDataRoutes } from './features/privacy/my-data-routes.ts';
import { createMyDataService } from './features/privacy/my-data-service.ts';
import { createErasureService } from './features/privacy/erasure-service.ts';
import { accessLogRoutes } from './features/privacy/access-log-routes.ts';
import { revenueRoutes } from './features/reconciliation/revenue-routes.ts';
import { createAccessLogService } from './features/privacy/access-log-service.ts';
import { securityRoutes } from './features/auth/security-routes.ts';
import { createSecurityService } from './features/auth/security-service.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Where log lines go (stdout when not given); tests read them here. */
  logStream?: { write(line: string): void };
  /** The clock of the money rules (recording days, months, licence terms); tests move it. */
  now?: () => Date;
}

export function buildServices({ config, db, now }: AppDeps) {
  const sessions = createSessions(db.db, config);
  // Uploaded files: an S3-compatible bucket with STORAGE_URL=s3://…, else local disk (decision 033).
  const storage = storageOf(config);
  const geo = createGeoService();
  // Every feature that tells a member of an event calls it (decision 026); e-mail is set up by config.
  const notifications = createNotificationsService(db.db, {
    email: { enabled: config.smtpUrl !== null, agencyName: config.agencyName, portalUrl: config.portalUrl },
    ...(now ? { now } : {}),
  });
  const team = createTeamService(db.db);
  const memberFiles = createMemberFilesService(db.db, storage);
  const members = createProfileService(db.db, config, {
    sessions,
    geo,
    notifier: notifications,
    files: memberFiles,
    team,
    // One's own password, as a password change checks and limits it (a new e-mail needs it,
    // decision 027).
    checkOwnPassword: (id, password, wrongMessage) => auth.checkOwnPassword(id, password, wrongMessage),
  });
  const accounts = createAccountService(db.db, config, { sessions, notifier: notifications, team });
  // The privacy notice and consent (decision 027): a sign-up records its consent in its
  // transaction.
  const notices = createNoticeService(db.db);
  // Two-factor sign-in, sessions and devices (decision 027): the login's second step is the auth
  // service's.
  const security = createSecurityService(db.db, config, { members, accounts, sessions, notifier: notifications, ...(now ? { now } : {}) });
  const auth = createAuthService(db.db, config, members, { accounts, notifier: notifications, notices, security, ...(now ? { now } : {}) });
  // My data, erasure and the access log (decision 027).
  const myData = createMyDataService(db.db, { storage });
  const erasure = createErasureService(db.db, config, { auth, storage, ...(now ? { now } : {}) });
  const accessLog = createAccessLogService(db.db, config.retention);
  const deals = createDealsService(db.db, members);
  const licences = createLicencesService(db.db, members, { team, storage, ...(now ? { now } : {}) });
  const tax = createTaxService(db.db, members, geo, notifications, {
    agency: { name: config.agencyName, tin: config.agencyTin, address: config.agencyAddress, rdo: config.agencyRdo },
    ...(now ? { now } : {}),
  });
  const commissions = createCommissionsService(db.db, members, team, licences, tax, notifications, {
    agencyName: config.agencyName,
    ...(now ? { now } : {}),
  });
  const sales = createSalesService(db.db, deals, commissions, notifications, now ? { now } : {});
  // Insurers and the agency's own schedule (decision 037).
  const insurers = createInsurersService(db.db, now ? { now } : {});
  const reconciliation = createReconciliationService(db.db, { sales, storage, ...(now ? { now } : {}) });
  const materials = createMaterialsService(db.db, storage);
  const health = createHealthService(db.db);
  const tickets = createTicketsService(db.db, members, notifications);
  const settings = createSettingsService(db.db, members);
  // A new member's first steps on the dashboard (decision 018).
  const setupChecklist = createSetupChecklistService({ members, settings, licences, ...(now ? { now } : {}) });
  const reports = createReportsService(db.db, members, team, commissions, now ? { now } : {});
  // The administrator's queues on the dashboard and the Admin Panel's tabs (decision 021).
  const adminQueues = createAdminQueuesService({ sales, team, tickets, licences, erasure, tax });
  const portfolio = createPortfolioService(db.db, members, deals, now ? { now } : {});
  const proposals = createProposalsService(db.db, {
    members,
    team,
    deals,
    notifier: notifications,
    licences,
    auth,
    agencyName: config.agencyName,
    ...(now ? { now } : {}),
  });
  // The E-Store (decision 040): store pages, requests that become deals, the catalogue.
  const estore = createEstoreService(db.db, {
    storage,
    deals,
    notifier: notifications,
    auth,
    agencyName: config.agencyName,
    ...(now ? { now } : {}),
  });
  // University (issue 47, decision 039).
  const university = createUniversityService(db.db, { auth, agencyName: config.agencyName, ...(now ? { now } : {}) });
  // The daily job's renewal and licence reminders (features/reminders, decision 026), and University's (decision 039).
  const reminders = createRemindersService(db.db, notifications, { university, ...(now ? { now } : {}) });
  return {
    sessions,
    members,
    team,
    memberFiles,
    accounts,
    auth,
    deals,
    sales,
    reconciliation,
    commissions,
    tax,
    licences,
    insurers,
    storage,
    materials,
    health,
    tickets,
    geo,
    settings,
    setupChecklist,
    reports,
    adminQueues,
    notifications,
    portfolio,
    proposals,
    estore,
    university,
    reminders,
    notices,
    security,
    myData,
    erasure,
    accessLog,
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(deps.logStream ? { stream: deps.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    requestTimeout: 5 * 60_000 + Math.ceil((config.uploads.materialBytes * 8) / 500),
    connectionTimeout: 120_000,
    keepAliveTimeout: 72_000, // ms; why these, decision 006
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  // Security headers on every answer: the CSP and the rest (platform/security-headers.ts).
  installSecurityHeaders(app, config);
  // With Secure cookies, a page opened over plain http from another device would stay blank: it
  // explains why instead (platform/plain-http-hint.ts).
  if (config.cookieSecure) installPlainHttpHint(app);
  // API answers go compressed to browsers that accept it (a thousand deals are ~350 kB of JSON, a
  // tenth of that gzipped: seconds on a phone over mobile data). Built assets are compressed at
  // build time already (@fastify/static preCompressed) and are sent as they are.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  // Uploads stream through platform/uploads.ts; the largest file is a material (per-route limits may be lower).
  await app.register(multipart, {
    limits: { fileSize: config.uploads.materialBytes, files: 1, fields: 50, fieldSize: 16 * 1024, parts: 60, headerPairs: 100 },
  });
  await registerOpenApi(app);
  requireAccessEverywhere(app);
  app.decorateRequest('auth', null);

  const services = buildServices(deps);

  // The API docs at /api/docs: public or an administrator's, as API_DOCS says (platform/openapi.ts).
  await registerApiDocs(app, config.apiDocs, services.sessions);
  const csrf = createCsrf(config.csrfSecret ?? (await storedCsrfSecret(deps.db)), config);

  // Every API route lives in this scope. Its hooks run for each request the router matches to one
  // of its routes, however the URL was spelt: the session, then CSRF, then the route's access rule.
  await app.register(async (api) => {
    requireRouteTable(api);
    installApiHooks(api, services.sessions, csrf);
    // Reads of someone else's sensitive data are logged before the answer leaves (decision 027).
    installAccessLog(api, deps.db.db);
    // The Idempotency-Key header of the routes the table marks `idempotent` (decision 029).
    installIdempotency(api, deps.db.db, deps.now ? { now: deps.now } : {});

    healthRoutes(api, services.health);
    authRoutes(api, services.auth, services.security, services.sessions, csrf);
    securityRoutes(api, services.security);
    membersRoutes(
      api,
      { members: services.members, files: services.memberFiles, team: services.team, accounts: services.accounts },
      { storage: services.storage, config },
    );
    geoRoutes(api, services.geo);
    settingsRoutes(api, services.settings);
    materialsRoutes(api, services.materials, { storage: services.storage, config });
    dealsRoutes(api, services.deals);
    salesRoutes(api, services.sales);
    commissionsRoutes(api, services.commissions);
    taxRoutes(api, services.tax);
    licencesRoutes(api, services.licences, { storage: services.storage, config });
    insurersRoutes(api, services.insurers);
    setupChecklistRoutes(api, services.setupChecklist);
    ticketsRoutes(api, services.tickets);
    reportsRoutes(api, services.reports);
    reconciliationRoutes(api, services.reconciliation, { storage: services.storage, config });
    adminQueuesRoutes(api, services.adminQueues);
    portfolioRoutes(api, services.portfolio);
    proposalsRoutes(api, services.proposals, { portalUrl: config.portalUrl });
    estoreRoutes(api, services.estore, { storage: services.storage, config });
    universityRoutes(api, services.university, { portalUrl: config.portalUrl });
    notificationsRoutes(api, services.notifications);
    noticeRoutes(api, services.notices);
    myDataRoutes(api, services.myData, services.erasure);
    accessLogRoutes(api, services.accessLog);
    revenueRoutes(api, deps.db.db, deps.now ? { now: deps.now } : {});
  });

  // The built SPA and the not-found handler: public because their scope says so, and outside the
  // API scope, so unknown paths meet none of its hooks (they only ever get a 404 or index.html).
  await app.register(async (web) => {
    declarePublicScope(web);
    installApiNotFound(web);
    installNotFound(web, { spa: await serveWeb(web, config.webDist, services.sessions) });
  });
  return app;
}

function installApiHooks(api: FastifyInstance, sessions: Sessions, csrf: Csrf) {
  api.addHook('onRequest', async (request, reply) => {
    // A link's call (a proposal's, decision 038): its token is its only credential; no session, no CSRF, no cookie.
    const def = request.routeOptions.config.route;
    if (def && TOKEN_ROUTES.has(def)) return enforceAccess(request);
    await sessions.load(request);
    // Every later log line of this request (its errors, 'request completed') names the client
    // address and the member: an id, never a name or other personal data.
    const log = request.log.child(request.auth ? { ip: request.ip, memberId: request.auth.memberId } : { ip: request.ip });
    request.log = log;
    reply.log = log;
    csrf.check(request, reply, sessionBinding(request));
    enforceAccess(request);
  });
  // Once the body and params are parsed: a call naming a member, for that member or an admin only.
  api.addHook('preHandler', async (request) => enforceOwnership(request));
}

/** The CSRF signing key shared through the database by every instance (decision 001). */
async function storedCsrfSecret(db: Db): Promise<string> {
  return secretRepository.getOrCreate(db.db, 'csrf', randomToken(), nowIso());
}
