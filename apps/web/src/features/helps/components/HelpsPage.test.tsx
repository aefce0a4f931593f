import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/fetchMock";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import { HelpsPage } from "./HelpsPage";

const agent = makeUser({ id: 2 });

describe("/helps", () => {
  it("asks for version 1 and shows each item with its YouTube video", async () => {
    const { calls } = mockFetch({
      "GET /helps/list": {
        body: [
          {
            id: 1,
            title: "Primeiros passos",
            description: "Como começar",
            video: "abc123",
            version: "1",
          },
        ],
      },
    });
    renderScreen(<HelpsPage />, agent);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Primeiros passos" }));
    expect(screen.getByText("Como começar")).toBeInTheDocument();
    expect(screen.getByTitle("Primeiros passos")).toHaveAttribute(
      "src",
      "https://www.youtube.com/embed/abc123",
    );
    expect(calls).toEqual(["GET /helps/list?version=1"]);
  });

  it("says when the list cannot be loaded", async () => {
    mockFetch({ "GET /helps/list": { status: 500, body: { error: "ERR_INTERNAL" } } });
    renderScreen(<HelpsPage />, agent);
    expect(
      await screen.findByText("Não foi possível carregar a lista de registros"),
    ).toBeInTheDocument();
  });
});
