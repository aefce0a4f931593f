import type { UserDTO } from "@atrium/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { usersKeys, type UsersPage } from "./usersApi";

type UsersListData = InfiniteData<UsersPage, number>;

function matchesSearch(user: UserDTO, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  if (!term) return true;
  return user.name.toLowerCase().includes(term) || user.email.toLowerCase().includes(term);
}

/**
 * A created or updated user (admin-operator §4): replaces the row where it is listed, otherwise
 * joins the first page of every cached list it matches, newest first.
 */
export function upsertUserInLists(queryClient: QueryClient, user: UserDTO): void {
  const lists = queryClient.getQueriesData<UsersListData>({ queryKey: usersKeys.lists() });
  for (const [queryKey, data] of lists) {
    if (!data) continue;
    const searchParam = String(queryKey[2] ?? "");
    const listed = data.pages.some((page) => page.users.some((u) => u.id === user.id));
    let pages: UsersPage[];
    if (listed) {
      pages = data.pages.map((page) => ({
        ...page,
        users: page.users.map((u) => (u.id === user.id ? { ...u, ...user } : u)),
      }));
    } else if (matchesSearch(user, searchParam)) {
      pages = data.pages.map((page, index) =>
        index === 0 ? { ...page, users: [user, ...page.users], count: page.count + 1 } : page,
      );
    } else {
      continue;
    }
    queryClient.setQueryData<UsersListData>(queryKey, { ...data, pages });
  }
  queryClient.setQueryData(usersKeys.detail(user.id), (old: UserDTO | undefined) =>
    old ? { ...old, ...user } : old,
  );
}

/** A deleted user leaves every cached list. */
export function removeUserFromLists(queryClient: QueryClient, userId: number): void {
  queryClient.setQueriesData<UsersListData>({ queryKey: usersKeys.lists() }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const users = page.users.filter((u) => u.id !== userId);
        return users.length === page.users.length
          ? page
          : { ...page, users, count: Math.max(0, page.count - 1) };
      }),
    };
  });
  queryClient.removeQueries({ queryKey: usersKeys.detail(userId) });
}
