import type { UserDTO } from "@atrium/shared";
import { render } from "@testing-library/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { Toaster } from "../app/toast/Toaster";
import { AuthContext } from "../features/auth/hooks/useAuth";
import { fakeAuth, testQueryClient } from "./render";

/** One screen with toasts, a router at `path` and a fixed signed-in user. */
export function renderScreen(
  screenElement: ReactNode,
  me: UserDTO,
  {
    path = "/",
    queryClient = testQueryClient(),
  }: { path?: string; queryClient?: QueryClient } = {},
) {
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={fakeAuth(me)}>
        <MemoryRouter initialEntries={[path]}>
          <Toaster />
          {screenElement}
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}
