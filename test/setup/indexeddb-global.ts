// The browser's `indexedDB` global (fake-indexeddb), for unit tests that use the app's own device
// database (src/db/device-db.ts) rather than a private IDBFactory. It is installed before each
// file's imports: unit files share their worker's modules, and Dexie reads the global once, when
// it is first loaded, which may be by an earlier file that never asked for the global.
import 'fake-indexeddb/auto';
