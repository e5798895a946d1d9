// The push feature's public entry: the settings section, and stopping alerts before a sign-out.
export { NotificationsSection } from './notifications-section';
export { stopPushBeforeSignOut } from './push-registration';
