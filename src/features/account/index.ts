// The account feature's public entry: signing in and out, for the screens of other features.
export { AccountBar, SignInForm } from './account-panel';
export { signOutOfThisDevice } from './sign-out';
