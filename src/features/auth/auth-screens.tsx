// The auth screens of SPEC §2 (one lazily loaded chunk). Stand-ins until each is built.
import { PlannedScreen } from '../../routes/planned-screen';

export function SignupScreen() {
  return <PlannedScreen title="Signup" />;
}

export function LoginScreen() {
  return <PlannedScreen title="Login" />;
}

export function SetNewPasswordScreen() {
  return <PlannedScreen title="Set New Password" />;
}

export function AuthActionScreen() {
  return <PlannedScreen title="Auth Action" />;
}
