import "../shared/page.js";
