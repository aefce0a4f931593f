import { PRIMARY_COLOR } from "@atrium/shared";

/** The Atrium mark and name, drawn inline (no image request on the login screen). */
export function Logo({ width = 220, title }: { width?: number; title: string }) {
  return (
    <svg
      width={width}
      viewBox="0 0 220 64"
      role="img"
      aria-label={title}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title>{title}</title>
      <rect width="64" height="64" rx="14" fill={PRIMARY_COLOR} />
      <path d="M18 48 32 14l14 34h-8l-2.6-7H28.6L26 48zm13-13h4.2L33 29z" fill="#fff" />
      <circle cx="47" cy="17" r="5" fill="#4fc3f7" />
      <text
        x="78"
        y="44"
        fill={PRIMARY_COLOR}
        fontFamily="Roboto, Helvetica, Arial, sans-serif"
        fontSize="34"
        fontWeight="700"
        letterSpacing="1"
      >
        Atrium
      </text>
    </svg>
  );
}
