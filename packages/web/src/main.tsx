// Mantine's base styles before any component's (mantine-styles.ts): a component's own rules, e.g. Button's fill, must
// come after UnstyledButton's reset in the page's stylesheet, or the reset wins.
import 'virtual:mantine-styles';
import { createBrowserRouter } from 'react-router';
import { featureRoutes } from './app/router';
import { buildRoutes } from './app/route-tree';
import { OfficeProviders } from './app/office-providers';
import { startApp } from './app/start-app';
import { anchorListPages } from './lib/page-anchors';

// The back office's entry: every screen of the product (index.html). Its lists send the anchor of the page on screen
// (ADR 0051).
anchorListPages();
startApp(() => createBrowserRouter(buildRoutes(featureRoutes)), OfficeProviders);
