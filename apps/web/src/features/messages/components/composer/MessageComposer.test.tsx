import { STORAGE_KEYS, type UserDTO } from "@atrium/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../../test/fetchMock";
import { makeUser } from "../../../../test/fixtures";
import { fakeAuth, testQueryClient } from "../../../../test/render";
import { AuthContext } from "../../../auth/hooks/useAuth";
import { MessageComposer } from "./MessageComposer";

const ana = makeUser({ id: 7, name: "Ana" });

function renderComposer({ user = ana, enabled = true } = {}) {
  const sent: unknown[] = [];
  const { calls } = mockFetch({
    "GET /quick-messages/list": {
      body: [
        {
          id: 1,
          shortcode: "bomdia",
          message: "Bom dia! Como posso ajudar?",
          messageType: "MESSAGE",
          mediaUrl: null,
          fileName: null,
        },
        {
          id: 2,
          shortcode: "catalogo",
          message: "",
          messageType: "FILE",
          mediaUrl: "/files/9",
          fileName: "catalogo.pdf",
        },
      ],
    },
    "POST /messages/42": async ({ init }) => {
      sent.push(init.body instanceof FormData ? init.body : JSON.parse(String(init.body)));
      return { status: 201, body: { messages: [] } };
    },
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthContext.Provider value={fakeAuth(user as UserDTO)}>
        <MessageComposer
          ticketId={42}
          enabled={enabled}
          replyTo={null}
          onClearReply={() => undefined}
        />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { sent, calls, input: screen.getByRole("textbox", { name: "Mensagem" }) };
}

describe("message composer", () => {
  it("sends on Enter with the signature, Shift+Enter breaks the line", async () => {
    const { sent, input } = renderComposer();
    const user = userEvent.setup();
    await user.type(input, "Olá{Shift>}{Enter}{/Shift}tudo bem?");
    expect(sent).toHaveLength(0);
    await user.keyboard("{Enter}");
    await waitFor(() =>
      expect(sent).toEqual([{ body: "*Ana:*\nOlá\ntudo bem?", quotedMsg: null }]),
    );
    await waitFor(() => expect(input).toHaveValue(""));
  });

  it("never sends empty or whitespace-only text", async () => {
    const { sent, input } = renderComposer();
    const user = userEvent.setup();
    await user.type(input, "   {Enter}");
    await user.type(input, "{Shift>}{Enter}{/Shift}  {Enter}");
    // The positive control: real text sent after them is the only message that goes out.
    await user.clear(input);
    await user.type(input, "ok{Enter}");
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([{ body: "*Ana:*\nok", quotedMsg: null }]);
  });

  it("sends without the signature when the switch is off, and remembers it", async () => {
    const { sent, input } = renderComposer();
    const user = userEvent.setup();
    await user.click(screen.getByRole("switch", { name: "Assinar" }));
    expect(localStorage.getItem(STORAGE_KEYS.signOption)).toBe("false");
    await user.type(input, "Sem assinatura{Enter}");
    await waitFor(() => expect(sent).toEqual([{ body: "Sem assinatura", quotedMsg: null }]));
  });

  it("forces the signature on, without a switch, when the user may not change it", async () => {
    localStorage.setItem(STORAGE_KEYS.signOption, "false");
    const { sent, input } = renderComposer({
      user: makeUser({ id: 8, name: "Bia", allowChangeSignature: false }),
    });
    expect(screen.queryByRole("switch", { name: "Assinar" })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(input, "Oi{Enter}");
    await waitFor(() => expect(sent).toEqual([{ body: "*Bia:*\nOi", quotedMsg: null }]));
  });

  it("disables every control unless the ticket is open", () => {
    renderComposer({ enabled: false });
    expect(screen.getByRole("textbox", { name: "Mensagem" })).toBeDisabled();
    for (const name of ["Emojis", "Anexar arquivo", "Gravar áudio"]) {
      expect(screen.getByRole("button", { name })).toBeDisabled();
    }
    expect(screen.getByRole("switch", { name: "Assinar" })).toBeDisabled();
  });

  it("offers quick messages after '/' and two characters: text fills, a file is sent", async () => {
    const { sent, input } = renderComposer();
    const user = userEvent.setup();
    await user.type(input, "/b");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    await user.type(input, "o");
    const option = await screen.findByRole("option", {
      name: "/bomdia - Bom dia! Como posso ajudar?",
    });
    await user.click(option);
    expect(input).toHaveValue("Bom dia! Como posso ajudar?");
    expect(sent).toHaveLength(0);

    await user.clear(input);
    await user.type(input, "/cat");
    await user.click(
      await screen.findByRole("option", { name: "/catalogo - Enviar arquivo catalogo.pdf" }),
    );
    await waitFor(() => expect(sent).toEqual([{ body: "", quickMessageId: 2 }]));
  });

  it("lists chosen files, lets one be removed, and sends the rest as multipart", async () => {
    const { sent } = renderComposer();
    const user = userEvent.setup();
    const a = new File(["a"], "a.txt", { type: "text/plain" });
    const b = new File(["b"], "b.pdf", { type: "application/pdf" });
    await user.upload(screen.getByTestId("composer-file-input"), [a, b]);
    await user.click(screen.getByLabelText("Remover a.txt"));
    expect(screen.queryByText("a.txt")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0] as FormData;
    expect((form.getAll("medias") as File[]).map((f) => f.name)).toEqual(["b.pdf"]);
    expect(form.get("body")).toBe("b.pdf");
  });

  it("sends text typed with a file as that file's caption, in one message", async () => {
    const { sent, input } = renderComposer();
    const user = userEvent.setup();
    const receipt = new File(["%PDF"], "comprovante.pdf", { type: "application/pdf" });
    await user.upload(screen.getByTestId("composer-file-input"), receipt);
    await user.type(input, "Segue o comprovante{Enter}");
    await waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0] as FormData;
    expect((form.getAll("medias") as File[]).map((f) => f.name)).toEqual(["comprovante.pdf"]);
    expect(form.get("body")).toBe("*Ana:*\nSegue o comprovante");
    await waitFor(() => expect(input).toHaveValue(""));
    expect(screen.queryByText("comprovante.pdf")).not.toBeInTheDocument();
  });

  it("emoji picker: Escape closes it, Enter sends, and the focus goes back to the text", async () => {
    const { sent, input } = renderComposer();
    const user = userEvent.setup();
    await user.type(input, "Até amanhã");
    await user.click(screen.getByRole("button", { name: "Emojis" }));
    const picker = await screen.findByLabelText("Seletor de emojis");
    expect(picker).toBeVisible();
    await user.keyboard("{Escape}");
    await waitFor(() =>
      expect(screen.queryByLabelText("Seletor de emojis")).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(input).toHaveFocus());
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Emojis" }));
    await screen.findByLabelText("Seletor de emojis");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(sent).toEqual([{ body: "*Ana:*\nAté amanhã", quotedMsg: null }]));
    await waitFor(() =>
      expect(screen.queryByLabelText("Seletor de emojis")).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(input).toHaveFocus());
  });
});
