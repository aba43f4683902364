// Mantine's base styles before any component's (mantine-styles.ts): a component's own rules, e.g. Button's fill, must
// come after UnstyledButton's reset in the page's stylesheet, or the reset wins.
import 'virtual:mantine-styles';
import { createBrowserRouter } from 'react-router';
import patterns from 'virtual:app-route-patterns';
import { backOfficePaths } from './app/back-office-path';
import { buildRoutes } from './app/route-tree';
import { startApp } from './app/start-app';
import { authRoutes } from './features/auth/routes';
import { catalogueRoutes } from './features/catalogue/routes';
import { errorRoutes } from './features/errors/routes';
import { orderTrackingRoutes } from './features/orders/public-routes';
import './features/devices/menu-links';
import { registerMenuLink } from './lib/routing';

// The public pages' entry (public.html, ADR 0030): the open screens only, on Preact's compatibility layer. Every
// other screen's menu link stays listed; following one loads the back office's entry.
patterns.forEach(registerMenuLink);
startApp(() => createBrowserRouter(buildRoutes([...authRoutes, ...catalogueRoutes, ...errorRoutes, ...orderTrackingRoutes], backOfficePaths)));
