import { appRoute, type AppRouteObject } from '../../lib/routing';

export const authRoutes: AppRouteObject[] = [
  appRoute('/login', () => import('./routes/login-page').then((m) => m.LoginPage)),
  appRoute('/signup', () => import('./routes/signup-page').then((m) => m.SignupPage)),
  appRoute('/forgotpassword', () => import('./routes/forgot-password-page').then((m) => m.ForgotPasswordPage)),
  appRoute('/resetpassword', () => import('./routes/reset-password-page').then((m) => m.ResetPasswordPage)),
];
