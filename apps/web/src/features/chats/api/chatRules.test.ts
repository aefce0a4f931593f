import type { KeyboardEvent } from "react";
import { describe, expect, it } from "vitest";
import { canCreateChat, canManageChat, isSendKey, sendableText } from "./chatRules";

const key = (init: { key: string; shiftKey?: boolean; isComposing?: boolean }) =>
  ({
    key: init.key,
    shiftKey: init.shiftKey ?? false,
    nativeEvent: { isComposing: init.isComposing ?? false },
  }) as unknown as KeyboardEvent;

describe("chat send rules (admin-operator §5)", () => {
  it("never sends empty or whitespace-only text, and trims what it sends", () => {
    expect(sendableText("")).toBeNull();
    expect(sendableText("   ")).toBeNull();
    expect(sendableText("\n\t \n")).toBeNull();
    expect(sendableText("  Olá  ")).toBe("Olá");
    expect(sendableText("a\nb")).toBe("a\nb");
  });

  it("sends on Enter, not on Shift+Enter nor while composing", () => {
    expect(isSendKey(key({ key: "Enter" }))).toBe(true);
    expect(isSendKey(key({ key: "Enter", shiftKey: true }))).toBe(false);
    expect(isSendKey(key({ key: "Enter", isComposing: true }))).toBe(false);
    expect(isSendKey(key({ key: "a" }))).toBe(false);
  });
});

describe("chat permissions (admin-operator §6)", () => {
  const admin = { id: 1, profile: "admin" };
  const user = { id: 7, profile: "user" };

  it("lets only admins create chats", () => {
    expect(canCreateChat(admin)).toBe(true);
    expect(canCreateChat({ id: 2, profile: "ADMIN" })).toBe(true);
    expect(canCreateChat(user)).toBe(false);
    expect(canCreateChat(null)).toBe(false);
  });

  it("lets only the owner edit or delete a chat", () => {
    expect(canManageChat({ ownerId: 1 }, admin)).toBe(true);
    expect(canManageChat({ ownerId: 7 }, user)).toBe(true);
    expect(canManageChat({ ownerId: 7 }, admin)).toBe(false);
    expect(canManageChat({ ownerId: 1 }, user)).toBe(false);
    expect(canManageChat({ ownerId: 1 }, null)).toBe(false);
  });

  it("lets an admin member manage a chat whose owner was deleted", () => {
    expect(canManageChat({ ownerId: null }, admin)).toBe(true);
    expect(canManageChat({ ownerId: null }, user)).toBe(false);
  });
});
