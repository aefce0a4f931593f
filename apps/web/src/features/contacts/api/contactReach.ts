/** One rule with the server's (packages/shared/src/reach.ts). */
export { phoneOf, reaches, type ReachableContact } from "@atrium/shared";
