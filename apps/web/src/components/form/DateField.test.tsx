import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../app/i18n";
import { DateField } from "./DateField";

function Harness({ initial, onValue }: { initial: string; onValue(value: string): void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Vencimento"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe("date input in the app's language", () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage("pt"));
  });

  it("shows dd/MM/yyyy in Portuguese and MM/dd/yyyy in English, whatever the browser says", async () => {
    // The browser is American; the app is in Portuguese.
    vi.spyOn(navigator, "language", "get").mockReturnValue("en-US");
    render(<Harness initial="2026-03-04" onValue={() => undefined} />);
    const input = screen.getByLabelText("Vencimento");
    expect(input).toHaveValue("04/03/2026");
    expect(input).toHaveAttribute("placeholder", "dd/mm/aaaa");
    await act(() => i18n.changeLanguage("en"));
    expect(input).toHaveValue("03/04/2026");
    await act(() => i18n.changeLanguage("es"));
    expect(input).toHaveValue("04/03/2026");
  });

  it("masks what is typed and gives the form an ISO day, or the text when it is no date", async () => {
    const values: string[] = [];
    render(<Harness initial="" onValue={(value) => values.push(value)} />);
    const input = screen.getByLabelText("Vencimento");
    const user = userEvent.setup();
    await user.type(input, "15032026");
    expect(input).toHaveValue("15/03/2026");
    expect(values.at(-1)).toBe("2026-03-15");
    await user.clear(input);
    expect(values.at(-1)).toBe("");
    await user.type(input, "31022026");
    expect(values.at(-1)).toBe("31/02/2026");
  });

  it("picks a day from a calendar named in the app's language", async () => {
    const values: string[] = [];
    render(<Harness initial="2026-03-04" onValue={(value) => values.push(value)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Escolher data: Vencimento" }));
    const calendar = await screen.findByRole("dialog", { name: "Calendário" });
    expect(within(calendar).getByText("março 2026")).toBeInTheDocument();
    await user.click(within(calendar).getByRole("button", { name: /^sexta-feira, 20 de março/ }));
    expect(values.at(-1)).toBe("2026-03-20");
    expect(screen.getByLabelText("Vencimento")).toHaveValue("20/03/2026");
  });
});
