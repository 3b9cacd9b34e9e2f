import { datasetDataApi, datasetsApi, previewApi, submissionsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as dataService from './dataset-data.service';
import * as datasets from './datasets.service';
import { draftRoomRoutes } from './drafts/draft-room.routes';
import * as forms from './submission-form.service';
import * as service from './submissions.service';

/**
 * Mounts the submission endpoints and the datasets query (issue 11; spec 02 §7, spec 03 §7).
 * `templates`, `uniqueness` and `lookup` are mounted before `/submissions/:id`.
 */
export function submissionsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(submissionsApi.templates, ({ actor }) => forms.submittableTemplates(deps, actor));
  api.mount(submissionsApi.form, ({ actor, params }) => forms.submissionForm(deps, actor, params.id));
  api.mount(submissionsApi.uniqueness, ({ actor, body }) => datasets.checkUniqueness(deps, actor, body));
  api.mount(submissionsApi.list, ({ actor, query }) => service.listSubmissions(deps, actor, query));
  api.mount(submissionsApi.lookup, ({ actor, query }) => datasets.lookupCode(deps, actor, query.code));
  api.mount(submissionsApi.create, ({ actor, body, req }) =>
    service.createSubmission(deps, actor, body, service.parseIdempotencyKey(req.headers['idempotency-key'])),
  );
  api.mount(submissionsApi.get, ({ actor, params, query }) =>
    service.getSubmission(deps, actor, params.id, query.commitRef),
  );
  api.mount(submissionsApi.save, ({ actor, params, body }) =>
    service.saveSubmission(deps, actor, params.id, body),
  );
  // A shared draft's sharing, share candidates and room token (ARCHITECTURE.md "Shared drafts").
  draftRoomRoutes(api);
  api.mount(submissionsApi.approve, ({ actor, params, body }) =>
    service.decideSubmission(deps, actor, params.id, 'approve', body.comment),
  );
  api.mount(submissionsApi.reject, ({ actor, params, body }) =>
    service.decideSubmission(deps, actor, params.id, 'reject', body.comment),
  );
  api.mount(submissionsApi.edit, ({ actor, params, body }) =>
    service.editSubmission(deps, actor, params.id, body),
  );
  api.mount(previewApi.dependencies, ({ actor, body }) =>
    forms.previewDependencies(deps, actor, body.list_ids),
  );
  api.mount(datasetsApi.query, ({ actor, params, body }) =>
    datasets.queryDataset(deps, actor, params.id, body),
  );
  // The dataset page (issue 11 item 6): a page of rows, and every row as a CSV or XLSX file.
  api.mount(datasetDataApi.data, ({ actor, params, query }) =>
    dataService.datasetData(deps, actor, params.id, query),
  );
  api.mountStreaming(datasetDataApi.download, ({ actor, params, query, res }) =>
    dataService.downloadDataset(deps, actor, params.id, query, res),
  );
}
