import type { FastifyInstance } from 'fastify';
import { routes } from '@ahente/contract/routes';
import type { Config } from '../../config.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { CONTENT_TYPES } from '../../platform/content-sniff.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import type { ReconciliationService } from './service.ts';

/** Where a statement file waits while it is read (deleted once read, whatever the outcome). */
const STATEMENT_KEY_PREFIX = 'statements';

/** Insurers' statements (decision 037): administrators only, by the route table. */
export function reconciliationRoutes(
  app: FastifyInstance,
  reconciliation: ReconciliationService,
  deps: { storage: FileStorage; config: Config },
) {
  const receive = (request: Parameters<typeof receiveUpload>[0], field: string) =>
    receiveUpload(request, deps.storage, {
      fileField: field,
      maxBytes: deps.config.uploads.materialBytes,
      keyPrefix: STATEMENT_KEY_PREFIX,
      allowedTypes: [CONTENT_TYPES.xlsx, CONTENT_TYPES.csv],
    });

  apiRoute(app, routes.previewStatement, async (request) =>
    reconciliation.preview(await receive(request, routes.previewStatement.multipart.file)),
  );
  apiRoute(app, routes.importStatement, async (request) => ({
    import: await reconciliation.importFile(requireAuth(request), await receive(request, routes.importStatement.multipart.file)),
  }));
  apiRoute(app, routes.statementImports, async (request) => reconciliation.imports(request.body.insurer_id));
  apiRoute(app, routes.statementLines, async (request) => reconciliation.lines(request.body));
  apiRoute(app, routes.matchStatementLine, async (request) => ({
    line: await reconciliation.matchLine(requireAuth(request), request.body.line_id, request.body.sale_id),
  }));
  apiRoute(app, routes.ignoreStatementLine, async (request) => ({
    line: await reconciliation.ignoreLine(requireAuth(request), request.body.line_id, request.body.reason),
  }));
  apiRoute(app, routes.verifyFromStatement, async (request) => reconciliation.verifyFrom(requireAuth(request), request.body.import_id));
  apiRoute(app, routes.undoImport, async (request) =>
    reconciliation.undo(requireAuth(request), request.body.import_id, request.body.reason),
  );
}
