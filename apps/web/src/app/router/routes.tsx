import { lazy, type ComponentType, type ReactElement } from "react";
import { Navigate, type RouteObject } from "react-router";
import { PublicOnlyRoute, RequireAdmin, RequireAuth } from "./guards";

/** React.lazy for a named export: one chunk per screen. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LoginPage = lazyNamed(() => import("../../features/auth/components/LoginPage"), "LoginPage");
const SignupPage = lazyNamed(
  () => import("../../features/auth/components/SignupPage"),
  "SignupPage",
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
const ComingSoonPage = lazy(async () => ({
  default: (await import("../../features/placeholder/components/ComingSoonPage")).ComingSoonPage,
}));

export type RouteAccess = "public" | "private" | "admin";

export interface RouteEntry {
  path: string;
  access: RouteAccess;
  element: ReactElement;
}

const comingSoon = (menuKey: string) => <ComingSoonPage titleKey={`layout:menu.${menuKey}`} />;

/** THE route table (admin-operator §2.1 plus the campaign screens of agent-core §2). */
export const routeTable: readonly RouteEntry[] = [
  { path: "/login", access: "public", element: <LoginPage /> },
  { path: "/signup", access: "public", element: <SignupPage /> },
  { path: "/", access: "private", element: comingSoon("dashboard") },
  { path: "/tickets/:ticketId?", access: "private", element: <TicketsPage /> },
  { path: "/connections", access: "private", element: <ConnectionsPage /> },
  { path: "/quick-messages", access: "private", element: comingSoon("quickMessages") },
  { path: "/schedules", access: "private", element: comingSoon("schedules") },
  { path: "/tags", access: "private", element: comingSoon("tags") },
  { path: "/contacts", access: "private", element: <ContactsPage /> },
  { path: "/helps", access: "private", element: comingSoon("helps") },
  { path: "/users", access: "private", element: <UsersPage /> },
  { path: "/chats/:id?", access: "private", element: comingSoon("chats") },
  { path: "/campaigns", access: "private", element: comingSoon("campaigns") },
  { path: "/contact-lists", access: "private", element: comingSoon("contactLists") },
  { path: "/campaigns-config", access: "private", element: comingSoon("campaignsConfig") },
  { path: "/messages-api", access: "admin", element: comingSoon("messagesApi") },
  { path: "/settings", access: "admin", element: comingSoon("settings") },
  { path: "/queues", access: "admin", element: comingSoon("queues") },
  { path: "/announcements", access: "admin", element: comingSoon("announcements") },
];

function children(access: RouteAccess): RouteObject[] {
  return routeTable
    .filter((route) => route.access === access)
    .map(({ path, element }) => ({ path, element }));
}

export const routes: RouteObject[] = [
  { element: <PublicOnlyRoute />, children: children("public") },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          ...children("private"),
          { element: <RequireAdmin />, children: children("admin") },
        ],
      },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
];
