import Skeleton from "@mui/material/Skeleton";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";

/** Placeholder rows while a table's page loads. */
export function SkeletonRows({ columns, count }: { columns: number; count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <TableRow key={`skeleton-${index}`}>
      {Array.from({ length: columns }, (_, cell) => (
        <TableCell key={cell}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}
