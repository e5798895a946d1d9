// The sign-in screens (docs/product.md) as one lazily loaded chunk, with their styles: /signup
// and /login, /set-new-password, and the email-link handler at /auth/action and /__/auth/action.
import './auth-screens.css';

export { AuthActionScreen } from './auth-action-screen';
export { SetNewPasswordScreen } from './set-new-password-screen';
export { LoginScreen, SignupScreen } from './sign-in-screen';
