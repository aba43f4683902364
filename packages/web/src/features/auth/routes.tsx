import { appRoute, type AppRouteObject } from '../../lib/routing';
import { ForgotPasswordPage } from './routes/forgot-password-page';
import { LoginPage } from './routes/login-page';
import { SignupPage } from './routes/signup-page';

export const authRoutes: AppRouteObject[] = [
  appRoute('/login', <LoginPage />),
  appRoute('/signup', <SignupPage />),
  appRoute('/forgotpassword', <ForgotPasswordPage />),
];
