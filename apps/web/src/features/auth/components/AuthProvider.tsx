import { isAdmin, type LoginInput, type UserDTO } from "@atrium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { ApiError } from "../../../api/ApiError";
import { startTokenRefreshTimer } from "../../../api/client";
import { sessionLost, tokenRefreshed } from "../../../api/sessionEvents";
import { clearSession, readToken, storeSession } from "../../../api/storage";
import { applyCompanyLanguage } from "../../../app/i18n";
import { authApi } from "../api/authApi";
import { AuthContext, type AuthContextValue, type AuthStatus } from "../hooks/useAuth";

interface AuthState {
  status: AuthStatus;
  user: UserDTO | null;
  landingPath: string;
}

const ANONYMOUS: AuthState = { status: "anonymous", user: null, landingPath: "/" };

/** Owns the session: restores it from the stored token, logs in and out, follows refreshes. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() =>
    readToken() ? { status: "restoring", user: null, landingPath: "/" } : ANONYMOUS,
  );

  const endSession = useCallback(() => {
    clearSession();
    queryClient.clear();
    setState(ANONYMOUS);
  }, [queryClient]);

  // Restore the session of a stored token (GET /auth/me) before any route decides.
  useEffect(() => {
    if (state.status !== "restoring") return;
    let cancelled = false;
    authApi.me().then(
      (user) => {
        if (cancelled) return;
        void applyCompanyLanguage(user.company?.language);
        setState({ status: "authenticated", user, landingPath: "/" });
      },
      (err: unknown) => {
        if (cancelled) return;
        if (err instanceof ApiError && err.status === 401) clearSession();
        setState(ANONYMOUS);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [state.status]);

  useEffect(() => {
    const stopLost = sessionLost.subscribe(() => {
      queryClient.clear();
      setState(ANONYMOUS);
    });
    const stopRefresh = tokenRefreshed.subscribe(({ user }) => {
      setState((prev) => (prev.user ? { ...prev, user } : prev));
    });
    return () => {
      stopLost();
      stopRefresh();
    };
  }, [queryClient]);

  const authenticated = state.status === "authenticated";
  useEffect(() => (authenticated ? startTokenRefreshTimer() : undefined), [authenticated]);

  const login = useCallback(async (input: LoginInput) => {
    const session = await authApi.login(input);
    storeSession(session);
    await applyCompanyLanguage(session.user.company?.language);
    setState({ status: "authenticated", user: session.user, landingPath: "/tickets" });
    return session.user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // The local session ends whatever the server answered.
    } finally {
      endSession();
    }
  }, [endSession]);

  const setCurrentUser = useCallback((user: UserDTO) => {
    setState((prev) =>
      prev.user?.id === user.id ? { ...prev, user: { ...prev.user, ...user } } : prev,
    );
  }, []);

  const clearLandingPath = useCallback(() => {
    setState((prev) => (prev.landingPath === "/" ? prev : { ...prev, landingPath: "/" }));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      isAdmin: state.user ? isAdmin(state.user) : false,
      landingPath: state.landingPath,
      login,
      logout,
      setCurrentUser,
      clearLandingPath,
    }),
    [state, login, logout, setCurrentUser, clearLandingPath],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
