import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../../api/toastError";
import { tagsApi } from "../../tags/api/tagsApi";
import { useCreateTag, useTagsList } from "../../tags/hooks/useTags";
import { inboxSession } from "../api/inboxSession";
import { upsertTicketInCaches } from "../api/ticketsCache";
import type { TagDTO, TicketDTO } from "../api/ticketTypes";

/** The ticket's tag row: pick existing tags, type a new name to create one; POST /tags/sync. */
export function useTicketTags(ticket: TicketDTO) {
  const queryClient = useQueryClient();
  const { tags, loading } = useTagsList();
  const create = useCreateTag();
  const sync = useMutation({
    mutationFn: (tagIds: number[]) => tagsApi.syncTicket(ticket.id, tagIds),
    onSuccess: ({ tags: synced }) =>
      upsertTicketInCaches(queryClient, { ...ticket, tags: synced }, inboxSession.viewer()),
    onError: toastError,
  });

  const change = async (chosen: (TagDTO | string)[]) => {
    const ids: number[] = [];
    for (const item of chosen) {
      if (typeof item !== "string") ids.push(item.id);
      else if (item.trim()) {
        const existing = tags.find((tag) => tag.name.toLowerCase() === item.trim().toLowerCase());
        const tag = existing ?? (await create.mutateAsync(item.trim()).catch(() => null));
        if (tag) ids.push(tag.id);
      }
    }
    sync.mutate([...new Set(ids)]);
  };

  return { options: tags, loading, busy: sync.isPending || create.isPending, change };
}
