import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../test/fixtures";
import { renderScreen } from "../../../test/renderScreen";
import type * as Mp3 from "../../messages/lib/mp3";
import { OptionAudioRecorder } from "./OptionAudioRecorder";

// jsdom has no audio decoding: the encoder answers an mp3 of the size under test.
const encoded = vi.hoisted(() => ({ size: 0 }));
vi.mock("../../messages/lib/mp3", async (load) => ({
  ...(await load<typeof Mp3>()),
  recordingToMp3: async () => new Blob([new Uint8Array(encoded.size)], { type: "audio/mpeg" }),
}));

/** A microphone that records one chunk and stops when asked, like the browser's. */
class FakeRecorder {
  state = "inactive";
  mimeType = "audio/webm";
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(readonly stream: { getTracks(): { stop(): void }[] }) {}
  start() {
    this.state = "recording";
  }
  stop() {
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob(["x"]) });
    this.onstop?.();
  }
}

beforeEach(() => {
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: async () => ({ getTracks: () => [{ stop() {} }] }) },
  });
});
afterEach(() => vi.unstubAllGlobals());

async function record(size: number) {
  encoded.size = size;
  const onRecorded = vi.fn();
  renderScreen(<OptionAudioRecorder onRecorded={onRecorded} />, makeUser({ profile: "admin" }));
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Gravar áudio" }));
  await user.click(await screen.findByRole("button", { name: "Parar gravação" }));
  await screen.findByRole("button", { name: "Gravar áudio" });
  return onRecorded;
}

describe("recording an audio option", () => {
  it("turns a recording of 10000 bytes or more into the option's mp3 file", async () => {
    const onRecorded = await record(10_000);
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    const file = onRecorded.mock.calls[0]![0] as File;
    expect(file.type).toBe("audio/mpeg");
    expect(file.name).toMatch(/\.mp3$/);
    expect(file.size).toBe(10_000);
  });

  it("discards a recording under 10000 bytes", async () => {
    const onRecorded = await record(9_999);
    expect(onRecorded).not.toHaveBeenCalled();
  });
});
