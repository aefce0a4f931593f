import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { usePagedList } from "../../../hooks/usePagedList";
import { schedulesApi, schedulesKeys, type ScheduleDTO } from "../api/schedulesApi";

export function useSchedulesPage(search: string) {
  const searchParam = useDebouncedValue(search.trim());
  return usePagedList<ScheduleDTO>({
    queryKey: schedulesKeys.page(searchParam),
    fetchPage: (pageNumber, signal) => schedulesApi.page(searchParam, pageNumber, signal),
  });
}
