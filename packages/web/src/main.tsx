import { createBrowserRouter } from 'react-router';
import { featureRoutes } from './app/router';
import { buildRoutes } from './app/route-tree';
import { OfficeProviders } from './app/office-providers';
import { startApp } from './app/start-app';

// The back office's entry: every screen of the product (index.html).
startApp(() => createBrowserRouter(buildRoutes(featureRoutes)), OfficeProviders);
