import AddIcon from "@mui/icons-material/Add";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { ContactFormValues } from "../hooks/contactFormValues";

/** Repeatable name/value rows of the contact's extra information. */
export function ContactExtraInfoFields({ form }: { form: UseFormReturn<ContactFormValues> }) {
  const { t } = useTranslation("contacts");
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "extraInfo" });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" color="primary" sx={{ mb: 1 }}>
        {t("contactModal.extraInfo")}
      </Typography>
      {fields.map((field, index) => (
        <Box
          key={field.id}
          role="group"
          aria-label={t("contactModal.extraInfoRow", { index: index + 1 })}
          sx={{ display: "flex", gap: 1, alignItems: "flex-start", mb: 1.5 }}
        >
          <TextField
            {...textFieldProps(form, `extraInfo.${index}.name`)}
            label={t("contactModal.extraName")}
            fullWidth
          />
          <TextField
            {...textFieldProps(form, `extraInfo.${index}.value`)}
            label={t("contactModal.extraValue")}
            fullWidth
          />
          <IconButton
            aria-label={t("contactModal.removeExtraInfo", { index: index + 1 })}
            onClick={() => remove(index)}
            sx={{ mt: 0.25 }}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Box>
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => append({ name: "", value: "" }, { shouldFocus: true })}
      >
        {t("contactModal.addExtraInfo")}
      </Button>
    </Box>
  );
}
