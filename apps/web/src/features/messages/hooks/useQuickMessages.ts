import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  quickMessagesApi,
  quickMessagesKeys,
  type QuickMessageDTO,
} from "../../quickMessages/api/quickMessagesApi";
import { quickMessageQuery } from "../lib/messageRules";

/** The '/' shortcuts matching what is typed (a slash and more than one character). */
export function useQuickMessages(text: string, enabled: boolean): QuickMessageDTO[] {
  const query = useQuery({
    queryKey: quickMessagesKeys.list(),
    queryFn: ({ signal }) => quickMessagesApi.list(signal),
    enabled,
  });
  const typed = quickMessageQuery(text);
  return useMemo(() => {
    if (!typed) return [];
    return (query.data ?? []).filter((quick) => quick.shortcode.toLowerCase().includes(typed));
  }, [query.data, typed]);
}
