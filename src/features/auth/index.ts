// The auth feature's public entry: the guard for routes and the username rules other screens use.
export { Guard, LoginRedirectWatcher } from './guard';
export { checkUsername, suggestUsername, takenMessage } from './username-form';
