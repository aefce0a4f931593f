import { render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../app/AppProviders";
import { routes } from "../app/router/routes";
import { AuthContext, type AuthContextValue } from "../features/auth/hooks/useAuth";
import { isAdmin, type UserDTO } from "@atrium/shared";

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/** An auth context in a given state, without any network. */
export function fakeAuth(
  user: UserDTO | null,
  overrides: Partial<AuthContextValue> = {},
): AuthContextValue {
  return {
    status: user ? "authenticated" : "anonymous",
    user,
    isAdmin: user ? isAdmin(user) : false,
    landingPath: "/",
    login: async () => {
      throw new Error("not in this test");
    },
    logout: async () => undefined,
    setCurrentUser: () => undefined,
    clearLandingPath: () => undefined,
    ...overrides,
  };
}

/** The real route table at `path`, with a fixed auth state. */
export function renderRoutesWithAuth(path: string, auth: AuthContextValue, extra?: ReactNode) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
        {extra}
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { router, ...view };
}

/** The whole app (real AuthProvider, toasts, routes) at `path`. */
export function renderApp(path: string, queryClient: QueryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}
