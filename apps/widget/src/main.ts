// Entry of dist/widget.js: <script src="https://host/widget.js" data-connection="UUID" async></script>
import { boot, findScript } from "./boot";

boot(findScript(document));
