import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './route-error-page';

// Every page is its own chunk; the layout shows at once and the page follows.
const HomePage = lazy(() => import('../features/home/home-page').then((m) => ({ default: m.HomePage })));
const SignInPage = lazy(() => import('../features/accounts/sign-in-page').then((m) => ({ default: m.SignInPage })));
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

export const router = createBrowserRouter([
  {
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // Errors inside a page keep the header and footer around the message.
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, Component: HomePage },
          { path: 'signIn', Component: SignInPage },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
