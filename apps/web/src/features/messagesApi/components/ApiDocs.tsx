import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { apiOrigin, REFERENCE_PATH, SEND_PATH } from "../api/messagesApiApi";
import { CodeBlock } from "./CodeBlock";

const FIELDS = ["number", "body", "medias", "ticket", "queue"] as const;

/** curl examples for a text and a media message (admin-operator §2.13). */
export function curlExamples(url: string) {
  const headers = `  -H "X_KEY: SUA_CHAVE" \\\n  -H "X_TOKEN: TOKEN_DA_CONEXAO" \\\n`;
  return {
    text:
      `curl -X POST "${url}" \\\n${headers}` +
      `  -H "Content-Type: application/json" \\\n` +
      `  -d '{"number": "5511999999999", "body": "Olá! Seu pedido foi enviado.", "ticket": 0}'`,
    media:
      `curl -X POST "${url}" \\\n${headers}` +
      `  -F "number=5511999999999" \\\n` +
      `  -F "body=Segue o boleto" \\\n` +
      `  -F "medias=@/caminho/boleto.pdf"`,
    answer: JSON.stringify(
      {
        ticketId: 42,
        ticketUuid: "8d0f…",
        ticketStatus: "closed",
        contactId: 7,
        messageIds: [1234],
      },
      null,
      2,
    ),
  };
}

/** The send endpoint's documentation: address, headers, fields, notes and examples. */
export function ApiDocs() {
  const { t } = useTranslation("messagesApi");
  const url = `${apiOrigin()}${SEND_PATH}`;
  const examples = curlExamples(url);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="h6" component="h2">
          {t("docs.title")}
        </Typography>
        <Typography variant="body2">{t("docs.intro")}</Typography>
        <Typography variant="body2">
          <Link href={`${apiOrigin()}${REFERENCE_PATH}`} target="_blank" rel="noopener">
            {t("docs.reference")}
          </Link>{" "}
          {t("docs.referenceHint")}
        </Typography>
        <CodeBlock code={`POST ${url}`} label={t("docs.endpoint")} />
        <Typography variant="subtitle2">{t("docs.headersTitle")}</Typography>
        <Table size="small" aria-label={t("docs.headersTitle")}>
          <TableBody>
            {(["X_KEY", "X_TOKEN"] as const).map((name) => (
              <TableRow key={name}>
                <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>{name}</TableCell>
                <TableCell>{t(`docs.headers.${name}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle2">{t("docs.fieldsTitle")}</Typography>
        <Table size="small" aria-label={t("docs.fieldsTitle")}>
          <TableBody>
            {FIELDS.map((name) => (
              <TableRow key={name}>
                <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>{name}</TableCell>
                <TableCell>{t(`docs.fields.${name}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Alert severity="info" variant="outlined">
          <div>{t("docs.notes.number")}</div>
          <div>{t("docs.notes.token")}</div>
        </Alert>
        <Typography variant="subtitle2">{t("docs.textTitle")}</Typography>
        <CodeBlock code={examples.text} label={t("docs.textTitle")} />
        <Typography variant="subtitle2">{t("docs.mediaTitle")}</Typography>
        <CodeBlock code={examples.media} label={t("docs.mediaTitle")} />
        <Typography variant="subtitle2">{t("docs.answerTitle")}</Typography>
        <CodeBlock code={examples.answer} label={t("docs.answerTitle")} />
        <Typography variant="body2" color="text.secondary">
          {t("docs.errors")}
        </Typography>
      </Stack>
    </Paper>
  );
}
