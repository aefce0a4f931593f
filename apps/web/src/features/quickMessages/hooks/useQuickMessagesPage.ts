import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { usePagedList } from "../../../hooks/usePagedList";
import {
  quickMessagesApi,
  quickMessagesKeys,
  type QuickMessageRecord,
} from "../api/quickMessagesApi";

export function useQuickMessagesPage(search: string) {
  const searchParam = useDebouncedValue(search.trim());
  return usePagedList<QuickMessageRecord>({
    queryKey: quickMessagesKeys.page(searchParam),
    fetchPage: (pageNumber, signal) => quickMessagesApi.page(searchParam, pageNumber, signal),
  });
}
