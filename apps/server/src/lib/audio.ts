import { MPEGDecoder } from "mpg123-decoder";
import { KeyedMutex } from "./mutex.js";

/** Voice quality: 16 kHz mono keeps a minute of speech under 2 MB as WAV. */
const WAV_RATE = 16_000;

/**
 * An mp3 (what the web's recorder makes) as a 16-bit mono WAV, for channels that do not take
 * mp3 (Instagram: aac, m4a, wav, mp4). Pure WebAssembly decoder: no system dependency.
 * Throws when the bytes are not mp3.
 */
export async function mp3ToWav(mp3: Buffer): Promise<Buffer> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const decoded = decoder.decode(new Uint8Array(mp3));
    const channels = decoded.channelData.filter((c) => c.length > 0);
    if (decoded.samplesDecoded === 0 || channels.length === 0) {
      throw new Error("the file is not an mp3 audio");
    }
    const mono = downmix(channels, decoded.samplesDecoded);
    return wav(resample(mono, decoded.sampleRate, WAV_RATE), WAV_RATE);
  } finally {
    decoder.free();
  }
}

/**
 * WAV versions of mp3 files, converted at most once per file while remembered: decoding holds
 * the event loop, so conversions run one at a time, a request for a file being converted waits
 * for that conversion, and the latest results (up to `maxBytes`) are kept for the next request
 * (Instagram fetches a link more than once; a visitor could ask for it in a loop).
 */
export class WavCache {
  private readonly done = new Map<number, Buffer>();
  private readonly running = new Map<number, Promise<Buffer>>();
  private readonly oneAtATime = new KeyedMutex();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** `key`: the file id. */
  wavOf(key: number, mp3: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.done.get(key);
    if (hit) {
      this.done.delete(key); // most recently used last
      this.done.set(key, hit);
      return Promise.resolve(hit);
    }
    const pending = this.running.get(key);
    if (pending) return pending;
    const conversion = this.oneAtATime
      .run("convert", async () => mp3ToWav(await mp3()))
      .then((wav) => {
        this.remember(key, wav);
        return wav;
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, conversion);
    return conversion;
  }

  private remember(key: number, wav: Buffer): void {
    if (wav.length > this.maxBytes) return;
    this.done.set(key, wav);
    this.bytes += wav.length;
    for (const [oldest, old] of this.done) {
      if (this.bytes <= this.maxBytes) break;
      this.done.delete(oldest);
      this.bytes -= old.length;
    }
  }
}

function downmix(channels: Float32Array[], length: number): Float32Array {
  if (channels.length === 1) return channels[0]!.subarray(0, length);
  const out = new Float32Array(length);
  for (const channel of channels)
    for (let i = 0; i < length; i++) out[i]! += channel[i]! / channels.length;
  return out;
}

/** Linear interpolation: plenty for speech. */
function resample(input: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return input;
  const ratio = from / to;
  const out = new Float32Array(Math.floor(input.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const pos = i * ratio;
    const left = Math.floor(pos);
    const right = Math.min(left + 1, input.length - 1);
    out[i] = input[left]! + (input[right]! - input[left]!) * (pos - left);
  }
  return out;
}

function wav(samples: Float32Array, rate: number): Buffer {
  const data = samples.length * 2;
  const out = Buffer.alloc(44 + data);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + data, 4);
  out.write("WAVE", 8, "ascii");
  out.write("fmt ", 12, "ascii");
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28); // byte rate
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write("data", 36, "ascii");
  out.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out.writeInt16LE(Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), 44 + i * 2);
  }
  return out;
}
