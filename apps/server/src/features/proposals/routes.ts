import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes } from '@ahente/contract/routes';
import { apiRoute } from '../../platform/api-route.ts';
import { sendGeneratedFile as sendFile } from '../../platform/generated-file.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { ProposalsService } from './service.ts';

/**
 * Any member may call; whose proposal it is (its agent, an administrator) is the service's rule:
 * anyone else is told it does not exist. saveproposal names its agent (`id`, the table's owner rule).
 */
export function proposalsRoutes(app: FastifyInstance, proposals: ProposalsService, options: { portalUrl: string | null }) {
  /** The portal's address for the client's link: PORTAL_URL, else the address this request came to. */
  const base = (request: FastifyRequest) => options.portalUrl ?? `${request.protocol}://${request.host}`;

  apiRoute(app, routes.saveProposal, async (request) => ({ proposal: await proposals.save(requireAuth(request), request.body) }));
  apiRoute(app, routes.proposals, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return proposals.list(requireAuth(request), request.body);
  });
  apiRoute(app, routes.proposal, async (request) => ({ proposal: await proposals.get(requireAuth(request), request.body.proposal_id) }));
  apiRoute(app, routes.proposalPdf, async (request, reply) => {
    const { bytes, fileName } = await proposals.pdf(requireAuth(request), request.params.proposalId);
    return sendFile(reply, bytes, 'application/pdf', fileName);
  });
  apiRoute(app, routes.sendProposal, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { token, proposal } = await proposals.send(requireAuth(request), request.body.proposal_id);
    return { share_url: proposals.linkOf(base(request), token), proposal };
  });
  apiRoute(app, routes.withdrawProposal, async (request) => ({ proposal: await proposals.withdraw(requireAuth(request), request.body) }));
  apiRoute(app, routes.acceptProposal, async (request) => proposals.accept(requireAuth(request), request.body));
  apiRoute(app, routes.proposalSettings, async () => proposals.settings());
  apiRoute(app, routes.saveProposalSettings, async (request) => proposals.saveSettings(requireAuth(request), request.body));
  apiRoute(app, routes.ctplPremiums, async () => proposals.ctpl());
  apiRoute(app, routes.saveCtplPremium, async (request) => proposals.saveCtpl(requireAuth(request), request.body));

  // The client's link (decision 038): no session; never cached, never sent as a referrer.
  const linkHeaders = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  apiRoute(app, routes.publicProposal, async (request, reply) => {
    linkHeaders(reply);
    return proposals.openLink(request.params.token, request.ip);
  });
  apiRoute(app, routes.publicProposalPdf, async (request, reply) => {
    linkHeaders(reply);
    const { bytes, fileName } = await proposals.linkPdf(request.params.token, request.ip);
    return sendFile(reply, bytes, 'application/pdf', fileName);
  });
  apiRoute(app, routes.acceptPublicProposal, async (request, reply) => {
    linkHeaders(reply);
    return proposals.acceptLink(request.params.token, request.body.option, request.ip);
  });
  apiRoute(app, routes.declinePublicProposal, async (request, reply) => {
    linkHeaders(reply);
    return proposals.declineLink(request.params.token, request.body.reason, request.ip);
  });
}
