import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/ApiError";

/** Queries retry network and server failures twice; a 4xx answer is final. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
