import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/ApiError";
import { toastError } from "../api/toastError";

declare module "@tanstack/react-query" {
  interface Register {
    /** `silent`: the screen reports the failure itself, no error toast. */
    queryMeta: { silent?: boolean };
  }
}

/**
 * Queries retry network and server failures twice; a 4xx answer is final. A failed query
 * shows the error toast (agent-core §8) unless it is marked silent.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        if (!query.meta?.silent) toastError(err);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, err) =>
          !(err instanceof ApiError && err.status >= 400 && err.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
