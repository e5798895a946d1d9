// The local write engine's public entry: what the rest of the app calls to change the collection
// on this device (applyLocalChange), to lay the server's answer under the unsent changes (the
// rebase, with its fill in steps) and to wait for a context's copy of the rows. Everything else
// in src/local-store is the engine's own (eslint.config.js holds that).
export {
  applyLocalChange,
  deviceClock,
  type LocalChangeClock,
  type LocalChangeResult,
} from './local-change';
export {
  rebaseOnSnapshot,
  rebaseOnStoredSnapshot,
  storedSnapshotState,
  type ServerSnapshot,
} from './rebase';
export { fillInSteps, fillsInSteps, type FillOptions } from './collection-fill';
export { changeBaseSettled, loadChangeBase } from './change-base-load';
