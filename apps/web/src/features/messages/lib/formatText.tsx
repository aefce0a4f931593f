import type { ReactNode } from "react";

/** *bold*, _italic_ and ~strike~, as WhatsApp writes them; everything else stays text. */
const MARK = /(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/g;

const TAGS: Record<string, "strong" | "em" | "s"> = { "*": "strong", _: "em", "~": "s" };

export function formatText(text: string): ReactNode[] {
  // split() with a capturing group: the marked pieces sit at the odd indexes.
  return text.split(MARK).map((part, index) => {
    const Tag = index % 2 === 1 ? TAGS[part[0]!] : undefined;
    return Tag ? <Tag key={index}>{part.slice(1, -1)}</Tag> : part;
  });
}
