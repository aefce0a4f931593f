import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeMessage } from "../../tickets/test/ticketFixtures";
import type { MessageDTO } from "../api/messageTypes";
import { MessageMedia } from "./MessageMedia";

const media = (over: Partial<MessageDTO>) =>
  render(
    <MessageMedia message={makeMessage({ body: "", mediaUrl: "/files/5?exp=1&sig=s", ...over })} />,
  );

describe("MessageMedia", () => {
  it("shows an inert image the server detected as <img>, audio and video as players", () => {
    const { container, unmount } = media({
      mediaType: "image",
      mimeType: "image/png",
      mediaInline: true,
      fileName: "foto.png",
    });
    expect(screen.getByRole("img", { name: "foto.png" })).toHaveAttribute(
      "src",
      "/files/5?exp=1&sig=s",
    );
    unmount();
    const audio = media({
      mediaType: "audio",
      mimeType: "audio/ogg; codecs=opus",
      mediaInline: true,
    });
    expect(audio.container.querySelector("audio")).toHaveAttribute("src", "/files/5?exp=1&sig=s");
    audio.unmount();
    const video = media({ mediaType: "video", mimeType: "video/mp4", mediaInline: true });
    expect(video.container.querySelector("video")).not.toBeNull();
    expect(container.querySelector("a")).toBeNull();
  });

  it.each([
    ["an SVG stored as an image", { mediaType: "image", mimeType: "image/svg+xml" }, "logo.svg"],
    ["an HTML page claimed as image", { mediaType: "image", mimeType: "text/html" }, "foto.png"],
    ["a legacy file whose type is unchecked", { mediaType: "image", mimeType: null }, "velha.png"],
    ["a 'video' that is a PDF", { mediaType: "video", mimeType: "application/pdf" }, "clip.mp4"],
    ["a document", { mediaType: "document", mimeType: "application/pdf" }, "boleto.pdf"],
  ] as const)("%s is a download chip with the file name", (_label, over, fileName) => {
    const { container } = media({ ...over, fileName, mediaInline: false });
    expect(container.querySelector("img, audio, video")).toBeNull();
    const chip = screen.getByRole("link", { name: fileName });
    expect(chip).toHaveAttribute("href", "/files/5?exp=1&sig=s");
    expect(chip).toHaveAttribute("download", fileName);
  });
});
