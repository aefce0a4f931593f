import type { ChannelType } from "@atrium/shared";
import ChatOutlinedIcon from "@mui/icons-material/ChatOutlined";
import FacebookIcon from "@mui/icons-material/Facebook";
import InstagramIcon from "@mui/icons-material/Instagram";
import WhatsAppIcon from "@mui/icons-material/WhatsApp";
import type SvgIcon from "@mui/material/SvgIcon";
import { useTranslation } from "react-i18next";

const ICONS: Record<ChannelType, { Icon: typeof SvgIcon; color: string }> = {
  BAILEYS: { Icon: WhatsAppIcon, color: "#25d366" },
  WHATSAPP_BUSINESS: { Icon: WhatsAppIcon, color: "#128c7e" },
  FACEBOOK: { Icon: FacebookIcon, color: "#1877f2" },
  INSTAGRAM: { Icon: InstagramIcon, color: "#e1306c" },
  WEB_CHAT: { Icon: ChatOutlinedIcon, color: "#002d6e" },
};

/** One icon per channelType, named for screen readers. */
export function ChannelIcon({ channelType }: { channelType: ChannelType }) {
  const { t } = useTranslation("connections");
  const { Icon, color } = ICONS[channelType] ?? ICONS.WEB_CHAT;
  const label = t(`channels.${channelType}`);
  return <Icon titleAccess={label} aria-label={label} sx={{ color, verticalAlign: "middle" }} />;
}
