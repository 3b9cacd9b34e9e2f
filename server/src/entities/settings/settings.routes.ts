import { settingsApi } from '@nomen/shared';
import type { ApiBuilder } from '../../http/route';
import * as service from './settings.service';

/** Mounts the settings endpoints (issue 2 §6). */
export function settingsRoutes(api: ApiBuilder): void {
  const { deps } = api;
  api.mount(settingsApi.get, ({ actor }) => service.getSettings(deps, actor));
  api.mount(settingsApi.save, ({ actor, body }) => service.saveSettings(deps, actor, body));
}
