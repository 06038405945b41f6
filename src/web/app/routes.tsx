import { Navigate, type RouteObject } from 'react-router';
import { pageData } from './page-data';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './route-error-page';

// Every page is its own chunk, loaded by the router before it shows the page (and, for a
// server-rendered page, before the browser takes it over: main.tsx).
const HomePage = () => import('./home-route').then((m) => ({ Component: m.HomeRoute }));
const EventsPage = () => import('../features/events/events-page').then((m) => ({ Component: m.EventsPage }));
const EventPage = () => import('../features/events/event-page').then((m) => ({ Component: m.EventPage }));
const BookingPage = () => import('../features/events/booking-page').then((m) => ({ Component: m.BookingPage }));
const SignInPage = () => import('../features/accounts/sign-in-page').then((m) => ({ Component: m.SignInPage }));
const PwForgotPage = () => import('../features/accounts/pw-forgot-page').then((m) => ({ Component: m.PwForgotPage }));
const PwResetPage = () => import('../features/accounts/pw-reset-page').then((m) => ({ Component: m.PwResetPage }));
const ConfirmEmailPage = () => import('../features/accounts/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage }));
const RegisterPage = () => import('../features/membership/register-page').then((m) => ({ Component: m.RegisterPage }));
const RegisterPayPage = () => import('../features/membership/register-pay-page').then((m) => ({ Component: m.RegisterPayPage }));
const RegisterThanksPage = () => import('../features/membership/register-thanks-page').then((m) => ({ Component: m.RegisterThanksPage }));
const ProfilePage = () => import('../features/membership/profile-page').then((m) => ({ Component: m.ProfilePage }));
const SecurityPage = () => import('../features/accounts/security/security-page').then((m) => ({ Component: m.SecurityPage }));
const RenewPage = () => import('../features/membership/renew-page').then((m) => ({ Component: m.RenewPage }));
const RenewPayPage = () => import('../features/membership/renew-pay-page').then((m) => ({ Component: m.RenewPayPage }));
const DonatePage = () => import('../features/donations/donate-page').then((m) => ({ Component: m.DonatePage }));
const DonateThanksPage = () => import('../features/donations/donate-thanks-page').then((m) => ({ Component: m.DonateThanksPage }));
const GiftAidAdminPage = () => import('../features/donations/gift-aid-admin-page').then((m) => ({ Component: m.GiftAidAdminPage }));
// Articles: the editor (tiptap) is its own chunk, loaded only on /article/new and /article/{id}/edit.
const NewsPage = () => import('../features/articles/news-page').then((m) => ({ Component: m.NewsPage }));
const ArticlePage = () => import('../features/articles/article-page').then((m) => ({ Component: m.ArticlePage }));
const ArticleEditorPage = () => import('../features/articles/editor/article-editor-page').then((m) => ({ Component: m.ArticleEditorPage }));
// The admin back office: the layout (banner, tabs, admin check) and each section are chunks of their own.
const AdminLayout = () => import('../features/admin/admin-layout').then((m) => ({ Component: m.AdminLayout }));
const AdminMembersPage = () => import('../features/admin/members-page').then((m) => ({ Component: m.MembersPage }));
const AdminMemberPage = () => import('../features/admin/member-page').then((m) => ({ Component: m.MemberPage }));
const AdminEventsPage = () => import('../features/admin/events/admin-events-page').then((m) => ({ Component: m.AdminEventsPage }));
const AdminEventPage = () => import('../features/admin/events/event-admin-page').then((m) => ({ Component: m.EventAdminPage }));
const AdminRolesPage = () => import('../features/admin/roles-page').then((m) => ({ Component: m.RolesPage }));
const AdminPaymentsPage = () => import('../features/admin/payments-page').then((m) => ({ Component: m.PaymentsPage }));
const AdminOutboxPage = () => import('../features/admin/outbox-page').then((m) => ({ Component: m.OutboxPage }));
const AdminAuditPage = () => import('../features/admin/audit-page').then((m) => ({ Component: m.AuditPage }));
const AdminSettingsPage = () => import('../features/admin/settings-page').then((m) => ({ Component: m.SettingsPage }));
const AdminTextsPage = () => import('../features/admin/texts-page').then((m) => ({ Component: m.TextsPage }));
const AdminImportPage = () => import('../features/admin/import-page').then((m) => ({ Component: m.ImportPage }));
const InvitationPage = () => import('../features/accounts/invitation-page').then((m) => ({ Component: m.InvitationPage }));
const AdminImagesPage = () => import('../features/admin/images-page').then((m) => ({ Component: m.ImagesPage }));
const AdminNewslettersPage = () => import('../features/admin/newsletters-page').then((m) => ({ Component: m.NewslettersPage }));
// Writing a newsletter uses the article editor, so it lives with the articles.
const NewsletterWriterPage = () =>
  import('../features/articles/newsletter/newsletter-writer-page').then((m) => ({ Component: m.NewsletterWriterPage }));
const NewsletterArchivePage = () =>
  import('../features/articles/newsletter-archive-page').then((m) => ({ Component: m.NewsletterArchivePage }));
const NewsletterPage = () => import('../features/articles/newsletter-page').then((m) => ({ Component: m.NewsletterPage }));
const PreferencesPage = () => import('../features/newsletters/preferences-page').then((m) => ({ Component: m.PreferencesPage }));
const NotFoundPage = () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage }));

/** The whole site's routes: the browser router (main.tsx) and the server renderer (entry-server.tsx) share them. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // Errors inside a page keep the header and footer around the message.
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, lazy: HomePage, handle: pageData.home },
          { path: 'events', lazy: EventsPage, handle: pageData.events },
          { path: 'events/:eventId', lazy: EventPage, handle: pageData.event },
          { path: 'events/bookings/:bookingId', lazy: BookingPage },
          { path: 'signIn', lazy: SignInPage, handle: pageData.plain },
          { path: 'news', lazy: NewsPage, handle: pageData.news },
          { path: 'article/new', lazy: ArticleEditorPage },
          { path: 'article/:articleId', lazy: ArticlePage, handle: pageData.article },
          { path: 'article/:articleId/edit', lazy: ArticleEditorPage },
          { path: 'newsletters', lazy: NewsletterArchivePage, handle: pageData.newsletters },
          { path: 'newsletters/:newsletterId', lazy: NewsletterPage, handle: pageData.newsletter },
          { path: 'preferences/:token', lazy: PreferencesPage },
          { path: 'signIn/pwForgot', lazy: PwForgotPage },
          { path: 'signIn/pwReset/:uid', lazy: PwResetPage },
          { path: 'account/confirm-email/:token', lazy: ConfirmEmailPage },
          { path: 'invitation/:token', lazy: InvitationPage },
          { path: 'register', lazy: RegisterPage, handle: pageData.plain },
          { path: 'register/pay', lazy: RegisterPayPage },
          { path: 'register/thanks', lazy: RegisterThanksPage },
          { path: 'profile', lazy: ProfilePage },
          { path: 'profile/security', lazy: SecurityPage },
          { path: 'renew', lazy: RenewPage },
          { path: 'renew/pay', lazy: RenewPayPage },
          { path: 'donate', lazy: DonatePage, handle: pageData.plain },
          { path: 'donate/thanks', lazy: DonateThanksPage },
          {
            path: 'admin',
            lazy: AdminLayout,
            children: [
              { index: true, element: <Navigate to="/admin/members" replace /> },
              { path: 'members', lazy: AdminMembersPage },
              { path: 'members/:id', lazy: AdminMemberPage },
              { path: 'events', lazy: AdminEventsPage },
              { path: 'events/:id', lazy: AdminEventPage },
              { path: 'roles', lazy: AdminRolesPage },
              { path: 'payments', lazy: AdminPaymentsPage },
              { path: 'outbox', lazy: AdminOutboxPage },
              { path: 'audit', lazy: AdminAuditPage },
              { path: 'gift-aid', lazy: GiftAidAdminPage },
              { path: 'settings', lazy: AdminSettingsPage },
              { path: 'texts', lazy: AdminTextsPage },
              { path: 'images', lazy: AdminImagesPage },
              { path: 'newsletters', lazy: AdminNewslettersPage },
              { path: 'newsletters/new', lazy: NewsletterWriterPage },
              { path: 'newsletters/:id', lazy: NewsletterWriterPage },
              { path: 'import', lazy: AdminImportPage },
            ],
          },
          { path: '*', lazy: NotFoundPage, handle: pageData.notFound },
        ],
      },
    ],
  },
];
