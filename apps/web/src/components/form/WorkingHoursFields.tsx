import { WEEKDAYS, type WorkingHoursEntry } from "@atrium/shared";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import {
  Controller,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { maskTime } from "./timeMask";
import { validationText } from "../../app/validation";

type WithHours = FieldValues & { schedules: WorkingHoursEntry[] };

interface Props<T extends WithHours> {
  control: Control<T>;
  errors: FieldErrors<WithHours>;
}

/** Seven weekday cards, each with a start and an end time (HH:MM, masked ##:##). */
export function WorkingHoursFields<T extends WithHours>({ control, errors }: Props<T>) {
  const { t } = useTranslation("workingHours");
  return (
    <Grid container spacing={2}>
      {WEEKDAYS.map((day, index) => (
        <Grid key={day.weekdayEn} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                {t(`weekdays.${day.weekdayEn}`)}
              </Typography>
              <Stack direction="row" spacing={1}>
                {(["startTime", "endTime"] as const).map((name) => (
                  <Controller
                    key={name}
                    control={control}
                    name={`schedules.${index}.${name}` as Path<T>}
                    render={({ field }) => {
                      const message = errors.schedules?.[index]?.[name]?.message;
                      return (
                        <TextField
                          {...field}
                          value={(field.value as string | undefined) ?? ""}
                          onChange={(event) => field.onChange(maskTime(event.target.value))}
                          label={t(name)}
                          placeholder="00:00"
                          error={Boolean(message)}
                          helperText={validationText(message)}
                          slotProps={{
                            htmlInput: {
                              inputMode: "numeric",
                              "aria-label": t(`${name}Of`, { day: t(`weekdays.${day.weekdayEn}`) }),
                            },
                          }}
                          fullWidth
                        />
                      );
                    }}
                  />
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
