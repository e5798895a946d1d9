// One-off reads of this context's device database for actions and screens: they name what they
// want and never hold a table (docs/architecture.md, one-way imports).
import { storedClientConfig } from '../auth/client-config';
import { deviceDb } from '../db/device-db';
import { loadExportJson, loadExportRows } from '../db/collection-export';
import { newCarDefaults } from '../db/collection-settings';

export const exportRowsOnDevice = (userId: string) => loadExportRows(deviceDb, userId);
export const exportJsonOnDevice = (userId: string) => loadExportJson(deviceDb, userId);
export const newCarDefaultsOnDevice = (userId: string) => newCarDefaults(deviceDb, userId);
export const clientConfigOnDevice = () => storedClientConfig(deviceDb);
