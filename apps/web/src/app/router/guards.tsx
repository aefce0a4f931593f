import { Suspense } from "react";
import { Navigate, Outlet } from "react-router";
import { Spinner } from "../../components/Spinner";
import { useAuth } from "../../features/auth/hooks/useAuth";

/**
 * The guard rules of admin-operator §2.1. While a stored session is being restored nothing
 * is decided (no flash of /login).
 */

/** /login, /signup: a logged-in user goes to / (or /tickets right after logging in). */
export function PublicOnlyRoute() {
  const { status, user, landingPath } = useAuth();
  if (status === "restoring") return <Spinner fullPage />;
  if (user) return <Navigate to={landingPath} replace />;
  return (
    <Suspense fallback={<Spinner fullPage />}>
      <Outlet />
    </Suspense>
  );
}

/** Routes for anyone, logged in or not (/set-password from an access email). */
export function OpenRoute() {
  return (
    <Suspense fallback={<Spinner fullPage />}>
      <Outlet />
    </Suspense>
  );
}

/** Private routes: an unauthenticated visitor goes to /login. */
export function RequireAuth() {
  const { status, user } = useAuth();
  if (status === "restoring") return <Spinner fullPage />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <Suspense fallback={<Spinner fullPage />}>
      <Outlet />
    </Suspense>
  );
}

/** Admin-only routes: anyone else goes to /tickets. */
export function RequireAdmin() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/tickets" replace />;
  return <Outlet />;
}
