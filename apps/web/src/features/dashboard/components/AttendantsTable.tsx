import type { DashboardAttendantDTO } from "@atrium/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import Paper from "@mui/material/Paper";
import Rating from "@mui/material/Rating";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { formatDuration } from "../api/dashboardFormat";

/** Ratings scale (agent-core §5): 1 unsatisfied, 2 satisfied, 3 very satisfied. */
export const RATING_MAX = 3;

function PresenceIcon({ online }: { online: boolean }) {
  const { t } = useTranslation("dashboard");
  const label = t(online ? "attendants.online" : "attendants.offline");
  return online ? (
    <CheckCircleIcon color="success" titleAccess={label} />
  ) : (
    <ErrorIcon color="error" titleAccess={label} />
  );
}

const COLUMNS = 5;

/** Attendants: name, rating out of 3 stars, average support time, finished, online. */
export function AttendantsTable({
  attendants,
}: {
  attendants: DashboardAttendantDTO[] | undefined;
}) {
  const { t } = useTranslation(["dashboard", "common"]);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t("attendants.title")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("attendants.name")}</TableCell>
            <TableCell align="center">{t("attendants.rating")}</TableCell>
            <TableCell align="center">{t("attendants.avgSupportTime")}</TableCell>
            <TableCell align="center">{t("attendants.finished")}</TableCell>
            <TableCell align="center">{t("attendants.status")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attendants === undefined &&
            [0, 1, 2].map((row) => (
              <TableRow key={`skeleton-${row}`}>
                {Array.from({ length: COLUMNS }, (_, cell) => (
                  <TableCell key={cell}>
                    <Skeleton variant="text" />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          {attendants?.map((attendant) => (
            <TableRow key={attendant.id} hover>
              <TableCell>{attendant.name}</TableCell>
              <TableCell align="center">
                <Rating
                  readOnly
                  size="small"
                  max={RATING_MAX}
                  precision={0.1}
                  value={attendant.rating}
                  getLabelText={(value) => t("attendants.ratingLabel", { value, max: RATING_MAX })}
                />
              </TableCell>
              <TableCell align="center">{formatDuration(attendant.avgSupportTime, t)}</TableCell>
              <TableCell align="center">{attendant.supportFinished}</TableCell>
              <TableCell align="center">
                <PresenceIcon online={attendant.online} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {attendants?.length === 0 && <EmptyState message={t("common:noRecords")} />}
    </TableContainer>
  );
}
