import Avatar from "@mui/material/Avatar";

interface ContactAvatarProps {
  name: string;
  src?: string | null;
  size?: number;
}

/** The contact's picture, or the first letter of the name when there is none. */
export function ContactAvatar({ name, src, size = 40 }: ContactAvatarProps) {
  return (
    <Avatar src={src || undefined} alt={name} sx={{ width: size, height: size }}>
      {name.trim().charAt(0).toUpperCase()}
    </Avatar>
  );
}
