import { loginSchema } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";

/** The shared login schema as a form resolver (loaded on the first submit). */
export const loginResolver = zodResolver(loginSchema);
