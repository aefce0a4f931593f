import AccountCircleIcon from "@mui/icons-material/AccountCircle";
import CheckIcon from "@mui/icons-material/Check";
import LogoutIcon from "@mui/icons-material/Logout";
import PersonOutlinedIcon from "@mui/icons-material/PersonOutlined";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { APP_LANGUAGES, chooseLanguage, normalizeLanguage } from "../i18n";

interface AccountMenuProps {
  onProfile(): void;
  onLogout(): void;
}

/** 'Perfil' opens the user modal for the current user; 'Sair' logs out. */
export function AccountMenu({ onProfile, onLogout }: AccountMenuProps) {
  const { t, i18n } = useTranslation(["layout", "common"]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const current = normalizeLanguage(i18n.language);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t("account.open")}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <MenuItem
          onClick={() => {
            close();
            onProfile();
          }}
        >
          <ListItemIcon>
            <PersonOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("account.profile")}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("account.logout")}</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader>{t("common:language.label")}</ListSubheader>
        {APP_LANGUAGES.map((language) => (
          <MenuItem
            key={language}
            selected={language === current}
            onClick={() => {
              close();
              void chooseLanguage(language);
            }}
          >
            <ListItemIcon>{language === current && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`common:language.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
