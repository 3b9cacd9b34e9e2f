import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import { authRoutes } from './auth/auth.routes';
import { activitiesRoutes } from './entities/activities/activities.routes';
import { apiTokensRoutes } from './entities/api-tokens/api-tokens.routes';
import { auditsRoutes } from './entities/audits/audits.routes';
import { collabRoutes } from './entities/collab/collab.routes';
import { connectorsRoutes } from './entities/connectors/connectors.routes';
import { fieldsetsRoutes } from './entities/fieldsets/fieldsets.routes';
import { foldersRoutes } from './entities/folders/folders.routes';
import { groupsRoutes } from './entities/groups/groups.routes';
import { integrationRunsRoutes } from './entities/integration-runs/integration-runs.routes';
import { integrationsRoutes } from './entities/integrations/integrations.routes';
import { linkChecksRoutes } from './entities/link-checks/link-checks.routes';
import { listsRoutes } from './entities/lists/lists.routes';
import { patternsRoutes } from './entities/patterns/patterns.routes';
import { reportsRoutes } from './entities/reports/reports.routes';
import { settingsRoutes } from './entities/settings/settings.routes';
import { ssoRoutes } from './entities/sso/sso.routes';
import { submissionsRoutes } from './entities/submissions/submissions.routes';
import { lookupsRoutes } from './entities/targets/lookups.routes';
import { targetsRoutes } from './entities/targets/targets.routes';
import { integrationAssignmentsRoutes } from './entities/templates/integration-assignments.routes';
import { templatesRoutes } from './entities/templates/templates.routes';
import { usersRoutes } from './entities/users/users.routes';
import type { AppDeps } from './http/context';
import { apiNotFound, errorHandler, requestId } from './http/errors';
import { docsRoutes } from './http/openapi';
import { ApiBuilder } from './http/route';
import { sameOriginWrites, securityHeaders } from './http/security';

/** The Express app and the endpoints it serves. */
export interface NomenApp {
  app: Express;
  api: ApiBuilder;
}

/**
 * Builds the HTTP app (ARCHITECTURE.md, HTTP API): security headers on every answer and
 * cross-site writes refused (issue 8 item 8), the REST API under /api, its reference at
 * /api/docs, and the built client with a single-page fallback for every other GET.
 */
export function createApp(deps: AppDeps): NomenApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.use(requestId);
  app.use(securityHeaders(deps.config));
  app.use(sameOriginWrites(deps.config));

  const router = express.Router();
  const api = new ApiBuilder(router, deps);
  authRoutes(api);
  usersRoutes(api);
  groupsRoutes(api);
  foldersRoutes(api);
  settingsRoutes(api);
  ssoRoutes(api);
  activitiesRoutes(api);
  collabRoutes(api);
  listsRoutes(api);
  patternsRoutes(api);
  fieldsetsRoutes(api);
  templatesRoutes(api);
  connectorsRoutes(api);
  integrationAssignmentsRoutes(api);
  integrationRunsRoutes(api);
  linkChecksRoutes(api);
  auditsRoutes(api);
  targetsRoutes(api);
  lookupsRoutes(api);
  submissionsRoutes(api);
  integrationsRoutes(api);
  apiTokensRoutes(api);
  reportsRoutes(api);
  docsRoutes(router, api.endpoints);
  app.use(router);
  app.use('/api', apiNotFound);

  const dist = deps.config.clientDist;
  if (existsSync(join(dist, 'index.html'))) {
    app.use(express.static(dist, { index: false, maxAge: '1h' }));
    app.get(/.*/, (_req, res) => {
      res.sendFile(join(dist, 'index.html'));
    });
  }
  app.use(errorHandler);
  return { app, api };
}
