import type { UserDTO } from "@atrium/shared";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";

interface UsersTableProps {
  users: UserDTO[];
  loading: boolean;
  loadingMore: boolean;
  onEdit(user: UserDTO): void;
  onDelete(user: UserDTO): void;
}

function SkeletonRows({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <TableRow key={`skeleton-${index}`}>
      {[0, 1, 2, 3].map((cell) => (
        <TableCell key={cell}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

export function UsersTable({ users, loading, loadingMore, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation("users");
  return (
    <Table size="small" stickyHeader aria-label={t("title")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("table.name")}</TableCell>
          <TableCell>{t("table.email")}</TableCell>
          <TableCell align="center">{t("table.profile")}</TableCell>
          <TableCell align="center">{t("table.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} hover>
            <TableCell>{user.name}</TableCell>
            <TableCell>{user.email}</TableCell>
            <TableCell align="center">{t(`profiles.${user.profile}`)}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
              <IconButton
                size="small"
                aria-label={t("editAction", { name: user.name })}
                onClick={() => onEdit(user)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t("deleteAction", { name: user.name })}
                onClick={() => onDelete(user)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
        {(loading || loadingMore) && <SkeletonRows count={loading ? 5 : 2} />}
      </TableBody>
    </Table>
  );
}
