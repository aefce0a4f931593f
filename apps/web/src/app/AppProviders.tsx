import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from "react";
import { AuthProvider } from "../features/auth/components/AuthProvider";
import { useAuth } from "../features/auth/hooks/useAuth";
import { toastStore } from "./toast/toastStore";

// Loaded when first needed: the login screen carries neither MUI (toasts) nor Socket.IO.
const Toaster = lazy(async () => ({ default: (await import("./toast/Toaster")).ThemedToaster }));
const RealtimeSession = lazy(async () => ({
  default: (await import("../realtime/RealtimeSession")).RealtimeSession,
}));

/** The toasts, from the first one on. */
function Toasts() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  const [shown, setShown] = useState(false);
  if (toasts.length > 0 && !shown) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** The realtime socket, for a logged-in session only. */
function Realtime() {
  const { status } = useAuth();
  return status === "authenticated" ? (
    <Suspense fallback={null}>
      <RealtimeSession />
    </Suspense>
  ) : null;
}

/** Everything around the router: query cache, toasts, session, realtime. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Toasts />
      <AuthProvider>
        <Realtime />
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}
