import { AUDIO_MIN_BYTES } from "@atrium/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { recordingToMp3 } from "../lib/mp3";

export type RecordingState = "idle" | "recording" | "encoding";

const MICROPHONE_ERRORS: Record<string, string> = {
  NotAllowedError: "audio.denied",
  NotFoundError: "audio.noMicrophone",
};

/** A recording shorter than 10000 bytes is dropped without a word. */
export function keepRecording(mp3: Blob): boolean {
  return mp3.size >= AUDIO_MIN_BYTES;
}

/**
 * Audio messages: idle → recording (mm:ss clock) → cancelled or sent as an mp3 at 128 kbps.
 * Microphone failures go to the shared error toast.
 */
export function useAudioRecorder(onRecorded: (file: File) => void) {
  const { t } = useTranslation("messages");
  const [state, setState] = useState<RecordingState>("idle");
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const release = useCallback(() => {
    clearInterval(timer.current);
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
    recorder.current = null;
  }, []);
  useEffect(() => release, [release]);

  const start = useCallback(async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const media = new MediaRecorder(stream);
      chunks.current = [];
      media.ondataavailable = (event) => chunks.current.push(event.data);
      recorder.current = media;
      media.start();
      setSeconds(0);
      setState("recording");
      timer.current = setInterval(() => setSeconds((s) => s + 1), 1000);
    } catch (err) {
      const name = err instanceof DOMException ? err.name : "";
      toastError(t(MICROPHONE_ERRORS[name] ?? "audio.failed"));
      release();
      setState("idle");
    }
  }, [release, t]);

  const cancel = useCallback(() => {
    const media = recorder.current;
    if (media && media.state !== "inactive") {
      media.onstop = null;
      media.stop();
    }
    release();
    setState("idle");
  }, [release]);

  const send = useCallback(() => {
    const media = recorder.current;
    if (!media) return;
    clearInterval(timer.current);
    setState("encoding");
    media.onstop = () => {
      const recording = new Blob(chunks.current, { type: media.mimeType });
      release();
      recordingToMp3(recording)
        .then((mp3) => {
          if (keepRecording(mp3)) {
            onRecorded(new File([mp3], `audio-${Date.now()}.mp3`, { type: "audio/mpeg" }));
          }
        })
        .catch(() => toastError(t("audio.failed")))
        .finally(() => setState("idle"));
    };
    media.stop();
  }, [onRecorded, release, t]);

  return { state, seconds, start: () => void start(), cancel, send };
}
