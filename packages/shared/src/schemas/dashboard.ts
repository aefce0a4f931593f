import { z } from "zod";
import { isIsoDate } from "../billing.js";
import { DASHBOARD_PERIOD_DAYS } from "../constants.js";
import { DASHBOARD_FILTER_REQUIRED } from "../validation-texts.js";

export { DASHBOARD_FILTER_REQUIRED };

/** Empty query values ("days=") count as absent: the filter form clears fields that way. */
const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const dateField = z.preprocess(
  blankToUndefined,
  z.string().trim().refine(isIsoDate, "Invalid date").optional(),
);

/**
 * Dashboard filter (agent-core §5): a period in days, or a start and/or end date. At least one
 * must be set, else 'Parametrize o filtro'. When days is given the dates are ignored.
 */
export const dashboardQuerySchema = z
  .object({
    days: z.preprocess(
      blankToUndefined,
      z.coerce
        .number()
        .int()
        .refine((d) => (DASHBOARD_PERIOD_DAYS as readonly number[]).includes(d), {
          message: `Expected one of ${DASHBOARD_PERIOD_DAYS.join(", ")}`,
        })
        .optional(),
    ),
    date_from: dateField,
    date_to: dateField,
  })
  .superRefine((q, ctx) => {
    if (q.days === undefined && !q.date_from && !q.date_to) {
      ctx.addIssue({ code: "custom", message: DASHBOARD_FILTER_REQUIRED, path: [] });
    } else if (q.days === undefined && q.date_from && q.date_to && q.date_from > q.date_to) {
      ctx.addIssue({
        code: "custom",
        message: "The start date is after the end date",
        path: ["date_to"],
      });
    }
  });
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;
