import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../../api/toastError";
import type { TagDTO } from "../../tickets/api/ticketTypes";
import { tagsApi, tagsKeys } from "../api/tagsApi";

/** GET /tags/list: the company's tags (filters, the ticket's tag row). */
export function useTagsList(enabled = true) {
  const query = useQuery({
    queryKey: tagsKeys.list(),
    queryFn: ({ signal }) => tagsApi.list(signal),
    enabled,
  });
  return { tags: query.data ?? [], loading: enabled && query.isPending };
}

/** POST /tags {name}: a new tag joins the cached list. */
export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => tagsApi.create(name),
    onSuccess: (tag) => {
      queryClient.setQueryData<TagDTO[]>(tagsKeys.list(), (old) =>
        old ? [...old, tag].sort((a, b) => a.name.localeCompare(b.name)) : old,
      );
    },
    onError: toastError,
  });
}
