import { describe, expect, it } from "vitest";
import { indexedPart } from "./trigrams.js";

/** Frequencies where the listed trigrams are common and every other one is rare. */
const common =
  (...trigrams: string[]) =>
  (trigram: string) =>
    trigrams.includes(trigram) ? 0.05 : 0;

describe("indexedPart", () => {
  it("keeps a term whose trigrams are all rare", () => {
    expect(indexedPart("reembolso", common())).toBe("reembolso");
  });

  it("asks for the longest run of rare trigrams when one is common", () => {
    // ree eem emb mbo | bol | ols lso
    expect(indexedPart("reembolso", common("bol"))).toBe("reembo");
    expect(indexedPart("boleto vencido 4471", common("bol", "ole", "let", "eto", "ven"))).toBe(
      "encido",
    );
  });

  it("keeps the term when no run of two rare trigrams is left", () => {
    expect(indexedPart("boleto", common("bol", "ole", "let", "eto"))).toBe("boleto");
    expect(indexedPart("boletos", common("bol", "let", "eto"))).toBe("boletos");
    expect(indexedPart("ab", common("ab"))).toBe("ab");
  });

  it("looks trigrams up lower-cased and answers with the term's own characters", () => {
    const seen: string[] = [];
    const part = indexedPart("REEMBOLSO", (t) => (seen.push(t), t === "bol" ? 1 : 0));
    expect(part).toBe("REEMBO");
    expect(seen).toContain("bol");
    expect(seen.every((t) => t === t.toLowerCase())).toBe(true);
  });

  it("counts only trigrams of letters and digits, accents included", () => {
    // "ção" is common; spaces and punctuation end a run.
    expect(indexedPart("atenção, pedido 9931", common("ção", "ped", "edi", "did"))).toBe("atençã");
    expect(indexedPart("atenção: nº 99310", common("ção", "ten"))).toBe("99310");
  });

  it("takes the first of two runs of the same length", () => {
    expect(indexedPart("abcdxyzwefgh", common("dxy", "xyz", "yzw", "zwe"))).toBe("abcdx");
  });
});
