import { Navigate, type RouteObject } from 'react-router';
import { PAGE } from '../../shared/domain/page-paths';
import { pageData } from './page-data';
import { AppLayout } from './layout/app-layout';
import { FormNoticeLayout } from './form-notice';
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
const AutoRenewPaymentPage = () =>
  import('../features/membership/auto-renew/auto-renew-payment-page').then((m) => ({ Component: m.AutoRenewPaymentPage }));
const AdminMonthlyGiftsPage = () => import('../features/admin/monthly-gifts-page').then((m) => ({ Component: m.MonthlyGiftsPage }));
const MonthlyGiftLinkPage = () =>
  import('../features/donations/monthly-gift-link-page').then((m) => ({ Component: m.MonthlyGiftLinkPage }));
const AdminAutoRenewalsPage = () => import('../features/admin/auto-renewals-page').then((m) => ({ Component: m.AutoRenewalsPage }));
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
const MuiLayout = () => import('./mui-pages').then((m) => ({ Component: m.MuiPages }));
const NotFoundPage = () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage }));

/** The whole site's routes: the browser router (main.tsx) and the server renderer (entry-server.tsx) share them; the addresses are the site's pages (decision 088). */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // Errors inside a page keep the header and footer around the message; a form the server
        // did not act on is mentioned above the page (decision 085).
        Component: FormNoticeLayout,
        ErrorBoundary: RouteErrorPage,
        children: [
          // The public pages: semantic HTML and CSS, no MUI (decision 081).
          { index: true, lazy: HomePage, handle: pageData.home },
          { path: PAGE.events, lazy: EventsPage, handle: pageData.events },
          { path: PAGE.event, lazy: EventPage, handle: pageData.event },
          { path: PAGE.news, lazy: NewsPage, handle: pageData.news },
          { path: PAGE.article, lazy: ArticlePage, handle: pageData.article },
          {
            // The pages drawn with MUI load it, and its theme, with their own code.
            lazy: MuiLayout,
            children: [
              { path: PAGE.booking, lazy: BookingPage },
              { path: PAGE.signIn, lazy: SignInPage, handle: pageData.plain },
              { path: PAGE.articleNew, lazy: ArticleEditorPage },
              { path: PAGE.articleEdit, lazy: ArticleEditorPage },
              { path: PAGE.pwForgot, lazy: PwForgotPage, handle: pageData.plain },
              { path: PAGE.pwReset, lazy: PwResetPage, handle: pageData.pwReset },
              { path: PAGE.confirmEmail, lazy: ConfirmEmailPage },
              { path: PAGE.invitation, lazy: InvitationPage },
              { path: PAGE.newsletters, lazy: NewsletterArchivePage, handle: pageData.newsletters },
              { path: PAGE.newsletter, lazy: NewsletterPage, handle: pageData.newsletter },
              { path: PAGE.preferences, lazy: PreferencesPage },
              { path: PAGE.register, lazy: RegisterPage, handle: pageData.plain },
              { path: PAGE.registerPay, lazy: RegisterPayPage },
              { path: PAGE.registerThanks, lazy: RegisterThanksPage },
              { path: PAGE.profile, lazy: ProfilePage },
              { path: PAGE.profileSecurity, lazy: SecurityPage },
              { path: PAGE.autoRenewPayment, lazy: AutoRenewPaymentPage },
              { path: PAGE.renew, lazy: RenewPage },
              { path: PAGE.renewPay, lazy: RenewPayPage },
              { path: PAGE.donate, lazy: DonatePage, handle: pageData.donate },
              { path: PAGE.donateThanks, lazy: DonateThanksPage },
              { path: PAGE.monthlyGift, lazy: MonthlyGiftLinkPage },
              {
                path: PAGE.admin,
                lazy: AdminLayout,
                children: [
                  { index: true, element: <Navigate to={PAGE.adminMembers} replace /> },
                  { path: PAGE.adminMembers, lazy: AdminMembersPage },
                  { path: PAGE.adminMember, lazy: AdminMemberPage },
                  { path: PAGE.adminEvents, lazy: AdminEventsPage },
                  { path: PAGE.adminEvent, lazy: AdminEventPage },
                  { path: PAGE.adminRoles, lazy: AdminRolesPage },
                  { path: PAGE.adminPayments, lazy: AdminPaymentsPage },
                  { path: PAGE.adminOutbox, lazy: AdminOutboxPage },
                  { path: PAGE.adminAudit, lazy: AdminAuditPage },
                  { path: PAGE.adminGiftAid, lazy: GiftAidAdminPage },
                  { path: PAGE.adminSettings, lazy: AdminSettingsPage },
                  { path: PAGE.adminTexts, lazy: AdminTextsPage },
                  { path: PAGE.adminImages, lazy: AdminImagesPage },
                  { path: PAGE.adminImport, lazy: AdminImportPage },
                  { path: PAGE.adminAutoRenewals, lazy: AdminAutoRenewalsPage },
                  { path: PAGE.adminMonthlyGifts, lazy: AdminMonthlyGiftsPage },
                  { path: PAGE.adminNewsletters, lazy: AdminNewslettersPage },
                  { path: PAGE.adminNewsletterNew, lazy: NewsletterWriterPage },
                  { path: PAGE.adminNewsletter, lazy: NewsletterWriterPage },
                ],
              },
            ],
          },
          { path: '*', lazy: NotFoundPage, handle: pageData.notFound },
        ],
      },
    ],
  },
];
