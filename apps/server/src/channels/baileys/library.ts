/**
 * Baileys, loaded when a WhatsApp session first needs it, never at boot: its protocol
 * definitions weigh about 20 MiB of heap, which a server without WhatsApp connections (or
 * before its first one starts) should not carry. Only `import type` from "baileys" elsewhere.
 */
import type * as BaileysModule from "baileys";

type Baileys = typeof BaileysModule;

let loading: Promise<Baileys> | undefined;

export const baileysLibrary = (): Promise<Baileys> => (loading ??= import("baileys"));

/** Baileys values hold Buffers/Uint8Arrays: stored as JSON through Baileys' own codec. */
export async function bufferJson() {
  const { BufferJSON } = await baileysLibrary();
  return {
    encode: (value: unknown): unknown => JSON.parse(JSON.stringify(value, BufferJSON.replacer)),
    decode: <T>(value: unknown): T => JSON.parse(JSON.stringify(value), BufferJSON.reviver) as T,
  };
}
