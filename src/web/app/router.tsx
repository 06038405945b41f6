import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './route-error-page';

// Every page is its own chunk; the layout shows at once and the page follows.
const HomePage = lazy(() => import('./home-route').then((m) => ({ default: m.HomeRoute })));
const EventsPage = lazy(() => import('../features/events/events-page').then((m) => ({ default: m.EventsPage })));
const SignInPage = lazy(() => import('../features/accounts/sign-in-page').then((m) => ({ default: m.SignInPage })));
const PwForgotPage = lazy(() => import('../features/accounts/pw-forgot-page').then((m) => ({ default: m.PwForgotPage })));
const PwResetPage = lazy(() => import('../features/accounts/pw-reset-page').then((m) => ({ default: m.PwResetPage })));
const ConfirmEmailPage = lazy(() => import('../features/accounts/confirm-email-page').then((m) => ({ default: m.ConfirmEmailPage })));
const RegisterPage = lazy(() => import('../features/membership/register-page').then((m) => ({ default: m.RegisterPage })));
const RegisterPayPage = lazy(() => import('../features/membership/register-pay-page').then((m) => ({ default: m.RegisterPayPage })));
const RegisterThanksPage = lazy(() =>
  import('../features/membership/register-thanks-page').then((m) => ({ default: m.RegisterThanksPage })),
);
const ProfilePage = lazy(() => import('../features/membership/profile-page').then((m) => ({ default: m.ProfilePage })));
const RenewPage = lazy(() => import('../features/membership/renew-page').then((m) => ({ default: m.RenewPage })));
const RenewPayPage = lazy(() => import('../features/membership/renew-pay-page').then((m) => ({ default: m.RenewPayPage })));
const DonatePage = lazy(() => import('../features/donations/donate-page').then((m) => ({ default: m.DonatePage })));
const DonateThanksPage = lazy(() => import('../features/donations/donate-thanks-page').then((m) => ({ default: m.DonateThanksPage })));
const GiftAidAdminPage = lazy(() => import('../features/donations/gift-aid-admin-page').then((m) => ({ default: m.GiftAidAdminPage })));
// Articles: the editor (tiptap) is its own chunk, loaded only on /article/new and /article/{id}/edit.
const NewsPage = lazy(() => import('../features/articles/news-page').then((m) => ({ default: m.NewsPage })));
const ArticlePage = lazy(() => import('../features/articles/article-page').then((m) => ({ default: m.ArticlePage })));
const ArticleEditorPage = lazy(() =>
  import('../features/articles/editor/article-editor-page').then((m) => ({ default: m.ArticleEditorPage })),
);
// The admin back office: the layout (banner, tabs, admin check) and each section are chunks of their own.
const AdminLayout = lazy(() => import('../features/admin/admin-layout').then((m) => ({ default: m.AdminLayout })));
const AdminMembersPage = lazy(() => import('../features/admin/members-page').then((m) => ({ default: m.MembersPage })));
const AdminMemberPage = lazy(() => import('../features/admin/member-page').then((m) => ({ default: m.MemberPage })));
const AdminRolesPage = lazy(() => import('../features/admin/roles-page').then((m) => ({ default: m.RolesPage })));
const AdminPaymentsPage = lazy(() => import('../features/admin/payments-page').then((m) => ({ default: m.PaymentsPage })));
const AdminOutboxPage = lazy(() => import('../features/admin/outbox-page').then((m) => ({ default: m.OutboxPage })));
const AdminAuditPage = lazy(() => import('../features/admin/audit-page').then((m) => ({ default: m.AuditPage })));
const AdminSettingsPage = lazy(() => import('../features/admin/settings-page').then((m) => ({ default: m.SettingsPage })));
const AdminTextsPage = lazy(() => import('../features/admin/texts-page').then((m) => ({ default: m.TextsPage })));
const AdminImagesPage = lazy(() => import('../features/admin/images-page').then((m) => ({ default: m.ImagesPage })));
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
          { path: 'events', Component: EventsPage },
          { path: 'signIn', Component: SignInPage },
          { path: 'news', Component: NewsPage },
          { path: 'article/new', Component: ArticleEditorPage },
          { path: 'article/:articleId', Component: ArticlePage },
          { path: 'article/:articleId/edit', Component: ArticleEditorPage },
          { path: 'signIn/pwForgot', Component: PwForgotPage },
          { path: 'signIn/pwReset/:uid', Component: PwResetPage },
          { path: 'account/confirm-email/:token', Component: ConfirmEmailPage },
          { path: 'register', Component: RegisterPage },
          { path: 'register/pay', Component: RegisterPayPage },
          { path: 'register/thanks', Component: RegisterThanksPage },
          { path: 'profile', Component: ProfilePage },
          { path: 'renew', Component: RenewPage },
          { path: 'renew/pay', Component: RenewPayPage },
          { path: 'donate', Component: DonatePage },
          { path: 'donate/thanks', Component: DonateThanksPage },
          {
            path: 'admin',
            Component: AdminLayout,
            children: [
              { index: true, element: <Navigate to="/admin/members" replace /> },
              { path: 'members', Component: AdminMembersPage },
              { path: 'members/:id', Component: AdminMemberPage },
              { path: 'roles', Component: AdminRolesPage },
              { path: 'payments', Component: AdminPaymentsPage },
              { path: 'outbox', Component: AdminOutboxPage },
              { path: 'audit', Component: AdminAuditPage },
              { path: 'gift-aid', Component: GiftAidAdminPage },
              { path: 'settings', Component: AdminSettingsPage },
              { path: 'texts', Component: AdminTextsPage },
              { path: 'images', Component: AdminImagesPage },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
