import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { usePagedList } from "../../../hooks/usePagedList";
import { tagsApi, tagsKeys, type TagRowDTO } from "../api/tagsApi";

/** The /tags list: the search text lowercased and debounced, infinite pages. */
export function useTagsPage(search: string) {
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  return usePagedList<TagRowDTO>({
    queryKey: tagsKeys.page(searchParam),
    fetchPage: (pageNumber, signal) => tagsApi.page(searchParam, pageNumber, signal),
  });
}
