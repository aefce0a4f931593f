import type { LoginInput, UserDTO } from "@atrium/shared";
import { createContext, useContext } from "react";

export type AuthStatus = "restoring" | "authenticated" | "anonymous";

export interface AuthContextValue {
  status: AuthStatus;
  user: UserDTO | null;
  isAdmin: boolean;
  /** Where a public route sends a logged-in user: /tickets right after login, / otherwise. */
  landingPath: string;
  login(input: LoginInput): Promise<UserDTO>;
  logout(): Promise<void>;
  /** The current user changed elsewhere (profile modal, realtime event). */
  setCurrentUser(user: UserDTO): void;
  /** Called once the private area is shown: later visits to /login land on /. */
  clearLandingPath(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
