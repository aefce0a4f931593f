import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import { UserModal } from "../../users/components/UserModal";
import type { OperatorCompanyDTO } from "../api/companiesApi";

interface UserRef {
  id: number;
}

/**
 * The User button (§2.3, §7 GET /users/list with companyId, first item used): edits the
 * company's first user, or adds one to that company when it has none.
 */
export function CompanyUserButtonModal({
  company,
  onClose,
}: {
  company: OperatorCompanyDTO;
  onClose(): void;
}) {
  const first = useQuery({
    queryKey: ["users", "list", "company", company.id],
    queryFn: ({ signal }) =>
      api.get<UserRef[]>("/users/list", { query: { companyId: company.id }, signal }),
    staleTime: 0,
  });
  if (first.isPending) return null;
  const userId = first.data?.[0]?.id;
  return <UserModal open userId={userId} companyId={company.id} onClose={onClose} />;
}
