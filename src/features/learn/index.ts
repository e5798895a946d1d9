// The learn feature's public entry: the note a screen shows when it needs a network.
export { OfflineNote } from './offline-note';
