// The sync status feature's public entry: the settings list of changes that could not be sent.
export { UnsentChangesSection } from './unsent-changes-section';
