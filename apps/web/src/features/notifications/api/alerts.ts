/** Sound, browser notification and the mute switch of the bell (agent-core §2). */
import { createSignal } from "../../../app/signal";

const MUTE_KEY = "notificationsMuted";

const muteChanged = createSignal();

export const muteStore = {
  isMuted: (): boolean => localStorage.getItem(MUTE_KEY) === "true",
  setMuted(muted: boolean): void {
    if (muted) localStorage.setItem(MUTE_KEY, "true");
    else localStorage.removeItem(MUTE_KEY);
    muteChanged.emit();
  },
  subscribe: muteChanged.subscribe,
};

/** A click on a browser notification asks the app (the bell) to open that ticket. */
export const notificationClicks = createSignal<string>();

let audio: AudioContext | null = null;

/** A short two-tone beep made with the Web Audio API: no sound file to download. */
export function playBeep(): void {
  const Context =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    if (audio.state === "suspended") void audio.resume();
    const start = audio.currentTime;
    const gain = audio.createGain();
    gain.connect(audio.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    const tone = audio.createOscillator();
    tone.type = "sine";
    tone.frequency.setValueAtTime(880, start);
    tone.frequency.setValueAtTime(1320, start + 0.12);
    tone.connect(gain);
    tone.start(start);
    tone.stop(start + 0.3);
  } catch {
    // No audio output (autoplay policy, no device): the list and the badge still tell.
  }
}

/** Asked on the first click on the bell: browsers want a user gesture for this. */
export function requestNotificationPermission(): void {
  if (typeof Notification === "undefined" || Notification.permission !== "default") return;
  void Notification.requestPermission().catch(() => undefined);
}

export function showBrowserNotification(title: string, body: string, ticketUuid: string): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    const notification = new Notification(title, { body, tag: ticketUuid });
    notification.onclick = () => {
      window.focus();
      notificationClicks.emit(ticketUuid);
      notification.close();
    };
  } catch {
    // Some platforms only allow notifications from a service worker.
  }
}

/** What a new message does unless muted: beep and a browser notification. */
export const alerts = {
  newMessage(title: string, body: string, ticketUuid: string): void {
    if (muteStore.isMuted()) return;
    playBeep();
    showBrowserNotification(title, body, ticketUuid);
  },
};
