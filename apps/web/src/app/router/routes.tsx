import { lazy, type ComponentType, type ReactElement } from "react";
import { Navigate, type RouteObject } from "react-router";
import { Themed } from "../Themed";
import { OpenRoute, PublicOnlyRoute, RequireAdmin, RequireAuth } from "./guards";

/** React.lazy for a named export: one chunk per screen. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LoginPage = lazyNamed(() => import("../../features/auth/components/LoginPage"), "LoginPage");
const SignupPage = lazyNamed(
  () => import("../../features/auth/components/SignupPage"),
  "SignupPage",
);
const SetPasswordPage = lazyNamed(
  () => import("../../features/auth/components/SetPasswordPage"),
  "SetPasswordPage",
);
const AppLayout = lazyNamed(() => import("../layout/AppLayout"), "AppLayout");
const UsersPage = lazyNamed(() => import("../../features/users/components/UsersPage"), "UsersPage");
const ContactsPage = lazyNamed(
  () => import("../../features/contacts/components/ContactsPage"),
  "ContactsPage",
);
const ConnectionsPage = lazyNamed(
  () => import("../../features/connections/components/ConnectionsPage"),
  "ConnectionsPage",
);
const TicketsPage = lazyNamed(
  () => import("../../features/tickets/components/TicketsPage"),
  "TicketsPage",
);
const DashboardPage = lazyNamed(
  () => import("../../features/dashboard/components/DashboardPage"),
  "DashboardPage",
);
const ChatsPage = lazyNamed(() => import("../../features/chats/components/ChatsPage"), "ChatsPage");
const TagsPage = lazyNamed(() => import("../../features/tags/components/TagsPage"), "TagsPage");
const QuickMessagesPage = lazyNamed(
  () => import("../../features/quickMessages/components/QuickMessagesPage"),
  "QuickMessagesPage",
);
const SchedulesPage = lazyNamed(
  () => import("../../features/schedules/components/SchedulesPage"),
  "SchedulesPage",
);
const SettingsPage = lazyNamed(
  () => import("../../features/settings/components/SettingsPage"),
  "SettingsPage",
);
const QueuesPage = lazyNamed(
  () => import("../../features/queues/components/QueuesPage"),
  "QueuesPage",
);
const HelpsPage = lazyNamed(() => import("../../features/helps/components/HelpsPage"), "HelpsPage");
const AnnouncementsPage = lazyNamed(
  () => import("../../features/announcements/components/AnnouncementsPage"),
  "AnnouncementsPage",
);
const MessagesApiPage = lazyNamed(
  () => import("../../features/messagesApi/components/MessagesApiPage"),
  "MessagesApiPage",
);
const ContactListsPage = lazyNamed(
  () => import("../../features/contactLists/components/ContactListsPage"),
  "ContactListsPage",
);
const ContactListItemsPage = lazyNamed(
  () => import("../../features/contactLists/components/ContactListItemsPage"),
  "ContactListItemsPage",
);
const CampaignsPage = lazyNamed(
  () => import("../../features/campaigns/components/CampaignsPage"),
  "CampaignsPage",
);
const CampaignReportPage = lazyNamed(
  () => import("../../features/campaigns/components/CampaignReportPage"),
  "CampaignReportPage",
);
const CampaignSettingsPage = lazyNamed(
  () => import("../../features/campaigns/components/CampaignSettingsPage"),
  "CampaignSettingsPage",
);

/** public: logged-out only; open: anyone (a link from an email); private; admin. */
export type RouteAccess = "public" | "open" | "private" | "admin";

export interface RouteEntry {
  path: string;
  access: RouteAccess;
  element: ReactElement;
}

/** THE route table (admin-operator §2.1 plus the campaign screens of agent-core §2). */
export const routeTable: readonly RouteEntry[] = [
  { path: "/login", access: "public", element: <LoginPage /> },
  { path: "/signup", access: "public", element: <SignupPage /> },
  { path: "/set-password", access: "open", element: <SetPasswordPage /> },
  { path: "/", access: "private", element: <DashboardPage /> },
  { path: "/tickets/:ticketId?", access: "private", element: <TicketsPage /> },
  { path: "/connections", access: "private", element: <ConnectionsPage /> },
  { path: "/quick-messages", access: "private", element: <QuickMessagesPage /> },
  { path: "/schedules", access: "private", element: <SchedulesPage /> },
  { path: "/tags", access: "private", element: <TagsPage /> },
  { path: "/contacts", access: "private", element: <ContactsPage /> },
  { path: "/helps", access: "private", element: <HelpsPage /> },
  { path: "/users", access: "private", element: <UsersPage /> },
  { path: "/chats/:id?", access: "private", element: <ChatsPage /> },
  { path: "/campaigns", access: "admin", element: <CampaignsPage /> },
  { path: "/campaigns/:id/report", access: "admin", element: <CampaignReportPage /> },
  { path: "/contact-lists", access: "admin", element: <ContactListsPage /> },
  { path: "/contact-lists/:id", access: "admin", element: <ContactListItemsPage /> },
  { path: "/campaigns-config", access: "admin", element: <CampaignSettingsPage /> },
  { path: "/messages-api", access: "admin", element: <MessagesApiPage /> },
  { path: "/settings", access: "admin", element: <SettingsPage /> },
  { path: "/queues", access: "admin", element: <QueuesPage /> },
  { path: "/announcements", access: "admin", element: <AnnouncementsPage /> },
];

function children(access: RouteAccess): RouteObject[] {
  return routeTable
    .filter((route) => route.access === access)
    .map(({ path, element }) => ({ path, element }));
}

export const routes: RouteObject[] = [
  { element: <PublicOnlyRoute />, children: children("public") },
  { element: <OpenRoute />, children: children("open") },
  {
    element: <RequireAuth />,
    children: [
      {
        // The app shell and every private screen are MUI: its theme loads with them.
        element: (
          <Themed>
            <AppLayout />
          </Themed>
        ),
        children: [
          ...children("private"),
          { element: <RequireAdmin />, children: children("admin") },
        ],
      },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
];
